import { createRouter, type SignedInAppEnv } from '../../lib/context';
import * as programHandlers from './programs.handlers';
import * as programRoutes from './programs.routes';
import * as itemHandlers from './schedule-items.handlers';
import * as itemRoutes from './schedule-items.routes';
import * as scheduleHandlers from './schedule.handlers';
import * as scheduleRoutes from './schedule.routes';

export const scheduleRouter = createRouter<SignedInAppEnv>()
  .openapi(scheduleRoutes.listSchedule, scheduleHandlers.listSchedule)
  .openapi(scheduleRoutes.getToday, scheduleHandlers.getToday)
  .openapi(scheduleRoutes.createScheduleItem, scheduleHandlers.createScheduleItem)
  .openapi(scheduleRoutes.copySchedule, scheduleHandlers.copySchedule)
  .openapi(scheduleRoutes.deleteScheduleRange, scheduleHandlers.deleteScheduleRange)
  .openapi(scheduleRoutes.undoScheduleBatch, scheduleHandlers.undoScheduleBatch)
  .openapi(itemRoutes.getScheduleEntry, itemHandlers.getScheduleEntry)
  .openapi(itemRoutes.updateScheduleEntry, itemHandlers.updateScheduleEntry)
  .openapi(itemRoutes.deleteScheduleEntry, itemHandlers.deleteScheduleEntry)
  .openapi(itemRoutes.updateEntryFromLibrary, itemHandlers.updateEntryFromLibrary)
  .openapi(itemRoutes.getGroupAssignment, itemHandlers.getGroupAssignment)
  .openapi(itemRoutes.updateGroupAssignment, itemHandlers.updateGroupAssignment)
  .openapi(itemRoutes.deleteGroupAssignment, itemHandlers.deleteGroupAssignment)
  .openapi(itemRoutes.updateAssignmentFromLibrary, itemHandlers.updateAssignmentFromLibrary)
  .openapi(programRoutes.listPrograms, programHandlers.listPrograms)
  .openapi(programRoutes.createProgram, programHandlers.createProgram)
  .openapi(programRoutes.createProgramFromSchedule, programHandlers.createProgramFromSchedule)
  .openapi(programRoutes.getProgram, programHandlers.getProgram)
  .openapi(programRoutes.updateProgram, programHandlers.updateProgram)
  .openapi(programRoutes.deleteProgram, programHandlers.deleteProgram)
  .openapi(programRoutes.duplicateProgram, programHandlers.duplicateProgram)
  .openapi(programRoutes.previewProgramApplication, programHandlers.previewProgramApplication)
  .openapi(programRoutes.applyProgram, programHandlers.applyProgram)
  .openapi(programRoutes.listProgramApplications, programHandlers.listProgramApplications)
  .openapi(programRoutes.removeProgramApplication, programHandlers.removeProgramApplication);
