import { accountHandlers } from './accounts';
import { activityHandlersOfDemo } from './activities';
import { authHandlers } from './auth';
import { chatHandlersOfDemo } from './chat';
import { groupHandlers } from './groups';
import { importHandlersOfDemo } from './imports';
import { lastTimeHandlersOfDemo } from './last-time';
import { libraryHandlersOfDemo } from './library';
import { scheduleHandlersOfDemo } from './schedule';
import { trackingHandlersOfDemo } from './tracking';
import { managementHandlers } from './management';
import { notificationHandlersOfDemo } from './notifications';
import { passengerHandlers } from './passengers';
import { passwordHandlers } from './password';
import { questionnaireHandlersOfDemo } from './questionnaires';
import { questionnaireTrendHandlers } from './questionnaire-trends';
import { pitchingHandlers } from './pitching';
import { questionnaireAnswerHandlersOfDemo } from './questionnaire-answers';
import { reportHandlers } from './reports';
import { settingsHandlers } from './settings';
import { throwingHandlers } from './throwing';
import { completedWorkoutHandlers } from './training';
import { uploadHandlersOfDemo } from './uploads';
import { userHandlers } from './users';
import { workoutCommentHandlersOfDemo } from './workout-comments';
import { workoutReaderHandlersOfDemo } from './workout-reader';

/** The happy path of every area; tests add failures with `server.use(...)`. */
export const handlers = [
  ...authHandlers,
  ...passwordHandlers,
  ...accountHandlers,
  ...settingsHandlers,
  ...passengerHandlers,
  ...userHandlers,
  ...groupHandlers,
  ...libraryHandlersOfDemo,
  ...workoutReaderHandlersOfDemo,
  ...scheduleHandlersOfDemo,
  ...trackingHandlersOfDemo,
  ...lastTimeHandlersOfDemo,
  ...importHandlersOfDemo,
  ...managementHandlers(),
  ...throwingHandlers,
  ...pitchingHandlers(),
  ...workoutCommentHandlersOfDemo,
  ...notificationHandlersOfDemo,
  ...chatHandlersOfDemo,
  ...uploadHandlersOfDemo,
  ...questionnaireAnswerHandlersOfDemo,
  ...questionnaireTrendHandlers,
  ...reportHandlers,
  // Last: the results screens' fakes (issue 15); an area's own fake of the same route comes first.
  ...completedWorkoutHandlers(),
  // After the results screens' feed: its list stays the dashboard's; one activity, likes and comments come from here.
  ...activityHandlersOfDemo,
  // After any fake of `GET /api/questionnaires/due` (answering, issue 26): its `/api/questionnaires/{id}` would catch it.
  ...questionnaireHandlersOfDemo,
];
