import type { Exercise, Measure, PrescribedSet, Workout, WorkoutCategory } from '@contract';
import { emptyPrescribedSet } from '@contract';

/** A few exercises and workouts of the demo organisation's library, for the web tests. */

const createdAt = '2026-09-01T15:00:00.000Z';

function exercise(
  id: string,
  name: string,
  category: WorkoutCategory,
  measures: Measure[],
  extra: Partial<Exercise> = {},
): Exercise {
  return {
    id,
    name,
    category,
    instructions: null,
    videoUrl: null,
    measures,
    unilateral: false,
    archived: false,
    workoutCount: 0,
    createdAt,
    updatedAt: createdAt,
    ...extra,
  };
}

export const demoExercises: Exercise[] = [
  exercise(
    '5f1c7c1e-0000-4000-8000-000000000001',
    'Trap-bar deadlift',
    'lift',
    ['reps', 'load', 'percentOneRm', 'rpe'],
    {
      instructions: 'Stand in the middle of the bar, hips back, chest up; push the floor away.',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
  ),
  exercise(
    '5f1c7c1e-0000-4000-8000-000000000002',
    'Rear-foot elevated split squat',
    'lift',
    ['reps', 'load', 'rpe'],
    {
      unilateral: true,
    },
  ),
  exercise('5f1c7c1e-0000-4000-8000-000000000003', 'Dumbbell bench press', 'lift', [
    'reps',
    'load',
    'percentOneRm',
    'rpe',
  ]),
  exercise(
    '5f1c7c1e-0000-4000-8000-000000000004',
    'Med-ball rotational throw',
    'med-ball',
    ['reps', 'load'],
    {
      unilateral: true,
    },
  ),
  exercise('5f1c7c1e-0000-4000-8000-000000000005', 'Long toss', 'throw', ['pitchCount', 'distance']),
  exercise('5f1c7c1e-0000-4000-8000-000000000006', 'Band external rotation', 'mobility', ['reps', 'time'], {
    unilateral: true,
  }),
  exercise('5f1c7c1e-0000-4000-8000-000000000007', 'Pro-agility shuttle', 'sprint', ['distance', 'time']),
  exercise('5f1c7c1e-0000-4000-8000-000000000008', 'Old barbell curl', 'lift', ['reps', 'load'], {
    archived: true,
  }),
];

const set = (fields: Partial<PrescribedSet>): PrescribedSet => ({ ...emptyPrescribedSet, ...fields });
const ref = (index: number) => {
  const { id, name, category, measures, unilateral, videoUrl, archived } = demoExercises[index]!;
  return { id, name, category, measures, unilateral, videoUrl, archived };
};

export const demoWorkouts: Workout[] = [
  {
    id: '7a2d0b3c-0000-4000-8000-000000000001',
    name: 'Lower Body Strength A',
    category: 'lift',
    notes: 'Main lift first, then the superset.',
    blockCount: 2,
    exerciseCount: 3,
    archived: false,
    version: 1,
    createdAt,
    updatedAt: createdAt,
    blocks: [
      {
        id: '7a2d0b3c-1000-4000-8000-000000000001',
        label: 'Main lift',
        rounds: 1,
        restSeconds: null,
        exercises: [
          {
            id: '7a2d0b3c-2000-4000-8000-000000000001',
            exerciseId: demoExercises[0]!.id,
            exercise: ref(0),
            notes: null,
            sets: [1, 2, 3, 4].map(() => set({ reps: 5, percentOneRm: 80, restSeconds: 180 })),
          },
        ],
      },
      {
        id: '7a2d0b3c-1000-4000-8000-000000000002',
        label: null,
        rounds: 3,
        restSeconds: 90,
        exercises: [
          {
            id: '7a2d0b3c-2000-4000-8000-000000000002',
            exerciseId: demoExercises[1]!.id,
            exercise: ref(1),
            notes: null,
            sets: [set({ reps: 8, repsMax: 10, rpe: 7 })],
          },
          {
            id: '7a2d0b3c-2000-4000-8000-000000000003',
            exerciseId: demoExercises[3]!.id,
            exercise: ref(3),
            notes: 'Both sides.',
            sets: [set({ reps: 5, load: 8, loadUnit: 'lb' })],
          },
        ],
      },
    ],
  },
  {
    id: '7a2d0b3c-0000-4000-8000-000000000002',
    name: 'Pitcher Arm Care',
    category: 'mobility',
    notes: null,
    blockCount: 1,
    exerciseCount: 1,
    archived: false,
    version: 3,
    createdAt,
    updatedAt: '2026-10-12T15:00:00.000Z',
    blocks: [
      {
        id: '7a2d0b3c-1000-4000-8000-000000000003',
        label: null,
        rounds: 2,
        restSeconds: null,
        exercises: [
          {
            id: '7a2d0b3c-2000-4000-8000-000000000004',
            exerciseId: demoExercises[5]!.id,
            exercise: ref(5),
            notes: null,
            sets: [set({ reps: 15 })],
          },
        ],
      },
    ],
  },
];
