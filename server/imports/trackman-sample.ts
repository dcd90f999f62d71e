/**
 * A TrackMan pitch-by-pitch file of any length, written as TrackMan writes it (its column names, CRLF): for the
 * 20,000-row limit's tests and the import bench. One pitcher, a realistic mix, every value in range.
 */
const header = [
  'PitchNo',
  'Date',
  'Time',
  'Pitcher',
  'PitcherId',
  'PitcherThrows',
  'PitcherTeam',
  'Batter',
  'TaggedPitchType',
  'AutoPitchType',
  'PitchCall',
  'RelSpeed',
  'VertRelAngle',
  'SpinRate',
  'SpinAxis',
  'Tilt',
  'RelHeight',
  'RelSide',
  'Extension',
  'VertBreak',
  'InducedVertBreak',
  'HorzBreak',
  'PlateLocHeight',
  'PlateLocSide',
];

const pitches = [
  ['FourSeamFastBall', 'Four-Seam', 90.5, 2310, 212, '1:00', 16.8, -8.2],
  ['Slider', 'Slider', 81.2, 2480, 84, '8:45', 2.4, 5.1],
  ['ChangeUp', 'Changeup', 82.0, 1760, 236, '1:45', 8.1, -13.2],
  ['Curveball', 'Curveball', 75.4, 2590, 38, '7:15', -9.8, 7.3],
  ['Sinker', 'Sinker', 89.1, 2140, 242, '2:00', 9.3, -15.4],
] as const;
const calls = [
  'BallCalled',
  'StrikeCalled',
  'StrikeSwinging',
  'FoulBall',
  'InPlay',
  'BallCalled',
  'FoulBallNotFieldable',
];

export function trackmanCsv(rows: number, pitcher = 'Rivera, Jamie'): string {
  const lines = [header.join(',')];
  for (let index = 1; index <= rows; index += 1) {
    const [tagged, auto, speed, spin, axis, tilt, ivb, hb] = pitches[index % pitches.length]!;
    const wobble = ((index * 7919) % 100) / 100 - 0.5;
    const seconds = index * 20;
    const time = `${String(Math.floor(seconds / 3600) % 24).padStart(2, '0')}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.25`;
    lines.push(
      [
        index,
        '2026-03-14',
        time,
        `"${pitcher}"`,
        1000123,
        'Right',
        'Demo Academy',
        '"Smith, Alex"',
        index % 17 === 0 ? 'Undefined' : tagged,
        auto,
        calls[index % calls.length],
        (speed + wobble * 2).toFixed(5),
        (-2 + wobble).toFixed(5),
        (spin + wobble * 90).toFixed(3),
        (axis + wobble * 6).toFixed(5),
        tilt,
        (5.8 + wobble / 5).toFixed(5),
        (-2.1 + wobble / 5).toFixed(5),
        (6.2 + wobble / 5).toFixed(5),
        (ivb - 20 + wobble).toFixed(5),
        (ivb + wobble).toFixed(5),
        (hb + wobble).toFixed(5),
        (2.5 + wobble).toFixed(5),
        (wobble * 2).toFixed(5),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
