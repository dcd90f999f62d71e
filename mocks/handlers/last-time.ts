import type { LastTimePoint } from '@contract/last-time';
import { lastTimeQuerySchema, lastTimeResponseSchema } from '@contract/last-time';
import { demoSettings, demoUsers } from '../data';
import { demoExercises } from '../library-data';
import { apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { demoAthleteTraining } from './tracking';

/**
 * `GET /api/athletes/{athleteId}/last-time` (issue 22): the demo athlete did the trap-bar deadlift last on
 * 17 November; nothing else was ever done. Each request's exercise list is kept, so a test can say how many
 * requests a screen made and what each asked for.
 */
export function createLastTimeFake() {
  const requests: string[][] = [];
  const lastOf = (athleteId: string, exerciseId: string): LastTimePoint | null =>
    athleteId === demoUsers.athlete.id && exerciseId === demoExercises[0]!.id
      ? demoAthleteTraining.lastTime
      : null;
  const handlers = [
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/last-time',
        responses: { 200: lastTimeResponseSchema },
      },
      ({ request, params, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const url = new URL(request.url);
        const asked = url.searchParams.getAll('exerciseIds');
        const query = lastTimeQuerySchema.safeParse({
          exerciseIds: asked.length === 1 ? asked[0] : asked,
        });
        if (!query.success) return validationFailure(query.error);
        requests.push(query.data.exerciseIds);
        return reply(200, {
          unit: demoSettings.weightUnit,
          data: query.data.exerciseIds.map((exerciseId) => ({
            exerciseId,
            last: lastOf(params.athleteId, exerciseId),
          })),
        });
      },
    ),
  ];
  return { handlers, requests };
}

export const lastTimeHandlersOfDemo = createLastTimeFake().handlers;
