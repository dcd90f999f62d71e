import type { OnboardingData, OnboardingStep } from '@contract';
import { onboardingStepNames } from '@contract/user-fields';

/** A data slot's text field, or null: the slots are free-form records (spec 3) kept by the screens. */
function textIn(slot: Record<string, unknown> | null, ...path: string[]): string | null {
  let value: unknown = slot;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Whom the scheduled workout is for: its athlete or group, else the person added on the tour's second step. */
export function scheduledFor(data: OnboardingData): string {
  return (
    textIn(data.ADD_WORKOUT_TO_SCHEDULE, 'athlete', 'firstName') ??
    textIn(data.ADD_WORKOUT_TO_SCHEDULE, 'group', 'name') ??
    textIn(data.CREATE_NEW_USER, 'firstName') ??
    'your athlete'
  );
}

export const addedPersonName = (data: OnboardingData): string =>
  textIn(data.CREATE_NEW_USER, 'firstName') ?? 'your athlete';

export const createdWorkoutName = (data: OnboardingData): string | null =>
  textIn(data.CREATE_NEW_WORKOUT, 'name');

export interface TourStepCopy {
  /** What to do, as a coach reads it: the guide's heading and the dashboard's list. */
  title: string;
  /** One or two sentences on how, and why it matters. */
  detail: string;
}

/** Spec 4's 13 steps in words; the data-carrying steps' slots name what the coach made on the way. */
export function tourStepCopy(step: OnboardingStep, data: OnboardingData): TourStepCopy {
  const workout = createdWorkoutName(data);
  const athlete = scheduledFor(data);
  switch (step) {
    case 'NAVIGATE_TO_USERS_PAGE':
      return {
        title: 'Open the Users page',
        detail: 'Everyone in your organisation is listed there: your athletes, coaches and admins.',
      };
    case 'CREATE_NEW_USER':
      return {
        title: 'Add your first athlete',
        detail: 'Choose Add person, fill in their name and email and send the invitation.',
      };
    case 'NAVIGATE_TO_WORKOUT_LIBRARY':
      return {
        title: 'Open the workout library',
        detail: 'Your workouts and exercises live in the library, ready to put on any schedule.',
      };
    case 'FILL_WORKOUT_FORM':
      return {
        title: 'Start your first workout',
        detail: 'Choose New workout, give it a name and add its first exercise.',
      };
    case 'CREATE_NEW_EXERCISE':
      return {
        title: 'Create an exercise of your own',
        detail: 'Type a name in the exercise search and choose to create it as a new exercise.',
      };
    case 'CREATE_NEW_WORKOUT':
      return {
        title: 'Create your first workout',
        detail: 'When the workout looks right, choose Create workout to save it in the library.',
      };
    case 'NAVIGATE_TO_SCHEDULE':
      return {
        title: 'Open the schedule',
        detail: 'The schedule is where workouts are planned for athletes and groups, day by day.',
      };
    case 'ADD_WORKOUT_TO_SCHEDULE':
      return {
        title: workout ? `Put “${workout}” on the schedule` : 'Put your workout on the schedule',
        detail: `Choose Add workout, pick ${workout ? `“${workout}”` : 'the workout'} and who it is for (${addedPersonName(data)}, say).`,
      };
    case 'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT':
      return {
        title: `Find the workout you scheduled for ${athlete}`,
        detail: 'Open the schedule on the day you planned it.',
      };
    case 'OPEN_WORKOUT_MODAL':
      return {
        title: `Track the workout you scheduled for ${athlete}`,
        detail:
          'Open it on the schedule and start tracking: you can log sets for an athlete from your device.',
      };
    case 'TRACK_WORKOUT_FOR_ATHLETE':
      return {
        title: `Log ${athlete}’s workout and finish it`,
        detail: 'Tick off a set or two, then choose Finish workout and confirm.',
      };
    case 'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT':
      return {
        title: 'See it completed on the schedule',
        detail: `Back on the schedule, ${athlete}’s workout now shows as completed.`,
      };
    case 'VISIT_COMPLETED_WORKOUT':
      return {
        title: 'Open the completed workout',
        detail: 'Every set prescribed against every set done, with the session’s effort and notes.',
      };
  }
}

/** "4 of 13": the step's place in the tour. */
export const tourStepNumber = (step: OnboardingStep): number => onboardingStepNames.indexOf(step) + 1;
export const tourStepCount = onboardingStepNames.length;
