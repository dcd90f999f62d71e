import type { ImportFormat, ImportKind, ImportMapping } from '../../contract/pitching';
import type { PitchResult, PitchType } from '../../contract/throwing';

/**
 * The devices' export formats (issue 16): their column names, the field each fills by default, and the words
 * their cells use. Names are matched without case, spaces or punctuation, so "Pitch Type" and "pitch_type" agree.
 */

export const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9#]/g, '');
/** The name without a unit in brackets: "Arm Speed (deg/s)" → "armspeed". */
const withoutUnit = (name: string) => normalized(name.replace(/\([^)]*\)|\[[^\]]*\]/g, ''));

/** Rapsodo Pitching 2.0's session export, after its "Player ID:" / "Player Name:" preamble. */
export const rapsodoColumns = {
  sequence: 'No',
  pitchType: 'Pitch Type',
  strike: 'Is Strike',
  horizontalBreakIn: 'HB (trajectory)',
  inducedVerticalBreakIn: 'VB (trajectory)',
  velocityMph: 'Velocity',
  spinRateRpm: 'Total Spin',
  spinAxisDegrees: 'Spin Direction',
  releaseHeightFt: 'Release Height',
  releaseSideFt: 'Release Side',
  extensionFt: 'Release Extension (ft)',
} as const;
const rapsodoOnly = [
  'Pitch Type',
  'Is Strike',
  'Strike Zone',
  'HB (trajectory)',
  'VB (trajectory)',
  'Total Spin',
  'True Spin (release)',
  'Spin Efficiency (release)',
  'Spin Direction',
  'Release Extension (ft)',
];

/** TrackMan's pitch-by-pitch CSV (one row per pitch, the game's pitchers in one file). */
export const trackmanColumns = {
  sequence: 'PitchNo',
  pitchType: 'TaggedPitchType',
  velocityMph: 'RelSpeed',
  spinRateRpm: 'SpinRate',
  spinAxisDegrees: 'SpinAxis',
  inducedVerticalBreakIn: 'InducedVertBreak',
  horizontalBreakIn: 'HorzBreak',
  releaseHeightFt: 'RelHeight',
  releaseSideFt: 'RelSide',
  extensionFt: 'Extension',
  result: 'PitchCall',
} as const;
export const trackmanPitcherColumn = 'Pitcher';
export const trackmanAutoPitchTypeColumn = 'AutoPitchType';
const trackmanOnly = [
  'PitchNo',
  'PitcherThrows',
  'TaggedPitchType',
  'AutoPitchType',
  'PitchCall',
  'RelSpeed',
  'SpinRate',
  'SpinAxis',
  'RelHeight',
  'RelSide',
  'InducedVertBreak',
  'HorzBreak',
  'VertBreak',
];

/** A header is a vendor's when it has at least this many of the vendor's own column names. */
const vendorMatches = 3;

/** The vendor whose header this row is, or null. */
export function vendorOf(fields: readonly string[]): Exclude<ImportFormat, 'mapped'> | null {
  const names = new Set(fields.map(normalized));
  const count = (columns: readonly string[]) =>
    columns.filter((column) => names.has(normalized(column))).length;
  if (count(trackmanOnly) >= vendorMatches) return 'trackman';
  if (count(rapsodoOnly) >= vendorMatches) return 'rapsodo';
  return null;
}

/** Header synonyms of each field, for files of no known format (normalized, with and without their unit). */
const synonyms: Record<ImportKind, Record<string, readonly string[]>> = {
  pitches: {
    sequence: ['no', '#', 'pitchno', 'pitchnumber', 'pitch#', 'number', 'seq', 'sequence'],
    pitchType: ['pitchtype', 'type', 'taggedpitchtype', 'autopitchtype', 'pitchname'],
    velocityMph: [
      'velo',
      'velocity',
      'speed',
      'relspeed',
      'pitchspeed',
      'releasespeed',
      'mph',
      'velocitymph',
      'speedmph',
    ],
    spinRateRpm: ['spin', 'spinrate', 'totalspin', 'rpm', 'spinraterpm', 'totalspinrpm'],
    spinAxisDegrees: ['spinaxis', 'spindirection', 'tilt', 'axis'],
    inducedVerticalBreakIn: [
      'ivb',
      'inducedvertbreak',
      'inducedverticalbreak',
      'vb',
      'vbtrajectory',
      'verticalbreak',
      'vertbreak',
      'vmov',
    ],
    horizontalBreakIn: ['hb', 'horzbreak', 'horizontalbreak', 'hbtrajectory', 'hmov'],
    releaseHeightFt: ['relheight', 'releaseheight'],
    releaseSideFt: ['relside', 'releaseside'],
    extensionFt: ['extension', 'ext', 'releaseextension'],
    result: ['result', 'pitchcall', 'call', 'outcome'],
    strike: ['strike', 'isstrike'],
    note: ['note', 'notes', 'comment', 'comments'],
  },
  sensor_throws: {
    sequence: ['throw', '#', 'no', 'throwno', 'thrownumber', 'throw#', 'number', 'seq', 'sequence', 'index'],
    thrownAt: ['time', 'timestamp', 'datetime', 'thrownat', 'throwtime', 'date'],
    armSpeedDegPerS: ['armspeed', 'armvelocity', 'peakarmspeed', 'armspeeddegs'],
    elbowTorqueNm: [
      'torque',
      'elbowtorque',
      'elbowvarustorque',
      'varustorque',
      'peaktorque',
      'peakelbowtorque',
      'torquenm',
      'elbowtorquenm',
    ],
    armSlotDegrees: ['armslot', 'slot', 'armangle'],
    shoulderRotationDegrees: [
      'shoulderrotation',
      'shoulderer',
      'externalrotation',
      'shoulderexternalrotation',
      'maxshoulderrotation',
      'layback',
    ],
  },
};

/** The vendor's default mapping, limited to the columns this file has (a missing column leaves its field empty). */
export function vendorMapping(
  format: Exclude<ImportFormat, 'mapped'>,
  header: readonly string[],
): ImportMapping {
  const columns = format === 'rapsodo' ? rapsodoColumns : trackmanColumns;
  const mapping: ImportMapping = {};
  for (const [field, column] of Object.entries(columns)) mapping[field] = findColumn(header, column);
  // Older TrackMan files have the clock-face Tilt but no SpinAxis.
  if (format === 'trackman' && mapping.spinAxisDegrees === null)
    mapping.spinAxisDegrees = findColumn(header, 'Tilt');
  return mapping;
}

/** The header's own spelling of a column, matched without case and punctuation. */
export function findColumn(header: readonly string[], name: string): string | null {
  const wanted = normalized(name);
  return header.find((column) => normalized(column) === wanted) ?? null;
}

const metricSpeed = /km\/?h|kph|m\/s/i;

/** A guess from the header's names: each field takes the first unused column that is one of its synonyms. */
export function guessMapping(
  kind: ImportKind,
  fields: readonly string[],
  header: readonly string[],
): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  for (const field of fields) {
    // Our velocity is in mph: a speed in km/h or m/s is for the coach to map (and convert) knowingly.
    const foreign = field === 'velocityMph' ? metricSpeed : null;
    // The synonyms in their order: a "Time" column is a throw's time before a "Date" column is.
    const column = (synonyms[kind][field] ?? [])
      .map((synonym) =>
        header.find(
          (name) =>
            !used.has(name) &&
            !foreign?.test(name) &&
            (normalized(name) === synonym || withoutUnit(name) === synonym),
        ),
      )
      .find((name) => name !== undefined);
    mapping[field] = column ?? null;
    if (column) used.add(column);
  }
  return mapping;
}

// --- The words of the cells -------------------------------------------------------------------------------------

const pitchTypeWords: Record<string, PitchType> = {
  fastball: 'fastball',
  ff: 'fastball',
  fb: 'fastball',
  '4seam': 'fastball',
  fourseam: 'fastball',
  '4seamfastball': 'fastball',
  fourseamfastball: 'fastball',
  '2seam': 'sinker',
  twoseam: 'sinker',
  '2seamfastball': 'sinker',
  twoseamfastball: 'sinker',
  sinker: 'sinker',
  si: 'sinker',
  cutter: 'cutter',
  fc: 'cutter',
  slider: 'slider',
  sl: 'slider',
  sweeper: 'sweeper',
  st: 'sweeper',
  curveball: 'curveball',
  curve: 'curveball',
  cu: 'curveball',
  cb: 'curveball',
  knucklecurve: 'curveball',
  slurve: 'curveball',
  changeup: 'changeup',
  change: 'changeup',
  ch: 'changeup',
  splitter: 'splitter',
  split: 'splitter',
  fs: 'splitter',
  splitfinger: 'splitter',
  knuckleball: 'knuckleball',
  kn: 'knuckleball',
  other: 'other',
};

/** "Four Seam Fastball", "4-Seam", "ChangeUp", "Sweeper"… → a pitch type; null when the cell says none. */
export function pitchTypeOf(cell: string): PitchType | null | undefined {
  const word = normalized(cell);
  if (word === '' || cell.trim() === '-') return null;
  return pitchTypeWords[word];
}

/** TrackMan leaves a pitch untagged as "Undefined" or "Other"; its AutoPitchType is the machine's guess. */
export const untaggedTrackman = new Set(['', 'undefined', 'other']);

const pitchCalls: Record<string, PitchResult> = {
  ballcalled: 'ball',
  ballintentional: 'ball',
  ballindirt: 'ball',
  hitbypitch: 'ball',
  ball: 'ball',
  b: 'ball',
  strikecalled: 'called_strike',
  calledstrike: 'called_strike',
  strikeswinging: 'swinging_strike',
  swingingstrike: 'swinging_strike',
  whiff: 'swinging_strike',
  foulball: 'foul',
  foulballnotfieldable: 'foul',
  foulballfieldable: 'foul',
  foul: 'foul',
  inplay: 'in_play',
  bip: 'in_play',
};

/** TrackMan's PitchCall or a coach's word → a result; undefined when the word is not known. */
export function pitchResultOf(cell: string): PitchResult | null | undefined {
  const word = normalized(cell);
  if (word === '' || cell.trim() === '-') return null;
  return pitchCalls[word];
}

const yes = new Set(['y', 'yes', 'true', '1', 'strike', 's']);
const no = new Set(['n', 'no', 'false', '0', 'ball']);

/** Rapsodo's "Is Strike" (Y/N, Yes/No, TRUE/FALSE) → a strike; undefined when it is none of these. */
export function strikeOf(cell: string): boolean | null | undefined {
  const word = cell.trim().toLowerCase();
  if (word === '' || word === '-') return null;
  if (yes.has(word)) return true;
  if (no.has(word)) return false;
  return undefined;
}
