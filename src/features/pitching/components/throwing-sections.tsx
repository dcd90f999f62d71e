import { ArmSensorSection } from './arm-sensor-section';
import { PitchesSection } from './pitches-section';

export interface ThrowingSectionsProps {
  logId: string;
  athlete: { id: string; firstName: string; lastName: string };
  viewer: { id: string; role: string };
}

/**
 * A completed workout's "Pitches" and "Arm sensor" (issue 16), which the route puts under its sets. Staff and the
 * athlete whose workout it is enter and import; the server decides as well.
 */
export default function ThrowingSections({ logId, athlete, viewer }: ThrowingSectionsProps) {
  const isOwn = viewer.id === athlete.id;
  const canEdit = viewer.role === 'admin' || viewer.role === 'coach' || isOwn;
  return (
    <div className="space-y-5">
      <PitchesSection logId={logId} canEdit={canEdit} />
      <ArmSensorSection logId={logId} athlete={athlete} isOwn={isOwn} canImport={canEdit} />
    </div>
  );
}
