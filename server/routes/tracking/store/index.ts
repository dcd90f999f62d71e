import type { SignedInVariables } from '../../../lib/context';
import { ActivityFeed } from './activity-feed';
import { ActivityReactions } from './activity-reactions';
import { AthleteMaxes } from './athlete-maxes';
import { AthleteTraining } from './athlete-training';
import { Compliance } from './compliance';
import { CompletedWorkouts } from './completed-workouts';
import { LogCorrections } from './log-corrections';
import { WorkoutLogs } from './workout-logs';

/**
 * Tracking's database work as the signed-in user may see and change it (issue 15, ADR 035), one module per
 * concern in this folder, each through the organisation's TenantScope only; tracking-area.ts holds what they share.
 */
export function trackingOf(c: { var: Pick<SignedInVariables, 'tenant' | 'viewer' | 'recordsTurns'> }) {
  const { tenant, viewer, recordsTurns } = c.var;
  return {
    workoutLogs: new WorkoutLogs(tenant, viewer, recordsTurns),
    corrections: new LogCorrections(tenant, viewer, recordsTurns),
    maxes: new AthleteMaxes(tenant, viewer),
    training: new AthleteTraining(tenant, viewer),
    completed: new CompletedWorkouts(tenant, viewer),
    activities: new ActivityFeed(tenant, viewer),
    reactions: new ActivityReactions(tenant, viewer),
    compliance: new Compliance(tenant, viewer),
  };
}
