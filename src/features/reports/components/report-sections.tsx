import type { Report } from '@contract/reports';
import { fallingBehindBelow } from '@contract/reports';
import type { PitchType } from '@contract/throwing';
import { pitchTypeLabels, pitchTypes } from '@contract/throwing';
import type { RecordKind } from '@contract/tracking';
import { recordKindLabels, recordKinds } from '@contract/tracking';
import { isWorkoutCategory, workoutCategoryLabels } from '@contract/training-vocabulary';
import { lazy } from 'react';
import { CategoryDot } from '@/components/ui/category-badge';
import { ActivityIcon, ClipboardIcon, DumbbellIcon, ListChecksIcon } from '@/components/ui/icons';
import type { Formats } from '@/lib/format/use-formats';
import { athleteHref, groupHref } from '../figure-lookup';
import type { CsvTable } from '../report-csv';
import {
  Cell,
  ChartSlot,
  FigureCell,
  FigureTiles,
  ReportSectionCard,
  ReportTable,
  SourceLink,
  SubHeading,
} from './report-parts';

// recharts loads only with the charts, on this screen (conventions: heavy libraries load where they are used).
const charts = () => import('./report-charts');
const ComplianceChart = lazy(() => charts().then((module) => ({ default: module.ComplianceChart })));
const VolumeChart = lazy(() => charts().then((module) => ({ default: module.VolumeChart })));
const StrengthChart = lazy(() => charts().then((module) => ({ default: module.StrengthChart })));
const PitchesChart = lazy(() => charts().then((module) => ({ default: module.PitchesChart })));
const VelocityChart = lazy(() => charts().then((module) => ({ default: module.VelocityChart })));
const FlagsChart = lazy(() => charts().then((module) => ({ default: module.FlagsChart })));

export interface SectionProps {
  report: Report;
  formats: Formats;
}

const note = 'mt-1 text-sm text-muted-foreground';
const percentOf = (rate: number) => Math.round(rate * 1000) / 10;
const percentCsv = (rate: number | null) => (rate === null ? null : percentOf(rate));
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const categoryName = (category: string) =>
  isWorkoutCategory(category) ? workoutCategoryLabels[category] : category;
const pitchTypeName = (type: string) =>
  (pitchTypes as readonly string[]).includes(type) ? pitchTypeLabels[type as PitchType] : type;
const recordKindName = (kind: string) =>
  (recordKinds as readonly string[]).includes(kind) ? recordKindLabels[kind as RecordKind] : kind;
const zoneWords = { green: 'Green', amber: 'Amber', red: 'Red' } as const;
const zoneDot = { green: 'bg-success', amber: 'bg-warning', red: 'bg-danger' } as const;

function Zone({ zone }: { zone: 'green' | 'amber' | 'red' | null }) {
  if (!zone) return <>—</>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${zoneDot[zone]}`} />
      {zoneWords[zone]}
    </span>
  );
}

function rangeOf(report: Report) {
  return { from: report.from, to: report.to };
}

// ——— Compliance ———

export function ComplianceSection({ report, formats }: SectionProps) {
  const { total, weeks, groups, athletes } = report.compliance;
  const percent = (rate: number | null) => (rate === null ? '—' : `${formats.number(percentOf(rate), 1)}%`);
  const csv = (): CsvTable => ({
    fields: ['Row', 'Name', 'Week starting', 'Completed', 'Missed', 'Skipped', 'Due', 'Compliance (%)'],
    data: [
      [
        'Total',
        report.scope.name,
        null,
        total.completed,
        total.missed,
        total.skipped,
        total.due,
        percentCsv(total.rate),
      ],
      ...weeks.map((week) => [
        'Week',
        null,
        week.weekStart,
        week.completed,
        week.missed,
        week.skipped,
        week.due,
        percentCsv(week.rate),
      ]),
      ...groups.map((row) => [
        'Group',
        row.group.name,
        null,
        row.completed,
        row.missed,
        row.skipped,
        row.due,
        percentCsv(row.rate),
      ]),
      ...athletes.map((row) => [
        'Athlete',
        row.athlete.name,
        null,
        row.completed,
        row.missed,
        row.skipped,
        row.due,
        percentCsv(row.rate),
      ]),
    ],
  });
  const behind = athletes.filter((row) => row.rate !== null && row.rate < fallingBehindBelow).length;
  return (
    <ReportSectionCard
      section="compliance"
      title="Compliance"
      description={`Workouts completed of those due. Below ${fallingBehindBelow * 100}% is falling behind.`}
      csv={csv}
      fileRange={rangeOf(report)}
      empty={
        total.due === 0 && total.completed === 0
          ? {
              icon: ListChecksIcon,
              title: 'No workouts due in this range',
              text: 'Compliance shows here once scheduled workouts have come due.',
            }
          : null
      }
    >
      <FigureTiles
        tiles={[
          { label: 'Compliance', figureLabel: 'Compliance', value: percent(total.rate) },
          { label: 'Completed', figureLabel: 'Workouts completed', value: formats.count(total.completed) },
          { label: 'Due', figureLabel: 'Workouts due', value: formats.count(total.due) },
          { label: 'Missed', figureLabel: 'Workouts missed', value: formats.count(total.missed) },
        ]}
      />
      {weeks.length > 0 ? (
        <ChartSlot>
          <ComplianceChart weeks={weeks} />
        </ChartSlot>
      ) : null}
      <ReportTable
        caption="Compliance by week"
        head={['Week of', 'Completed', 'Missed', 'Skipped', 'Due', 'Compliance']}
      >
        {weeks.map((week) => (
          <tr key={week.weekStart}>
            <Cell>{formats.day(week.weekStart, 'shortDate')}</Cell>
            <Cell>{formats.count(week.completed)}</Cell>
            <Cell>{formats.count(week.missed)}</Cell>
            <Cell>{formats.count(week.skipped)}</Cell>
            <Cell>{formats.count(week.due)}</Cell>
            <FigureCell label={`Compliance in the week of ${week.weekStart}`}>
              {percent(week.rate)}
            </FigureCell>
          </tr>
        ))}
      </ReportTable>
      {groups.length > 0 ? (
        <>
          <SubHeading>Groups</SubHeading>
          <ReportTable
            caption="Compliance by group, lowest first"
            head={['Group', 'Completed', 'Missed', 'Due', 'Compliance']}
          >
            {groups.map((row) => (
              <tr key={row.group.id}>
                <Cell>
                  <SourceLink href={groupHref(row.group.id)}>{row.group.name}</SourceLink>
                </Cell>
                <Cell>{formats.count(row.completed)}</Cell>
                <Cell>{formats.count(row.missed)}</Cell>
                <Cell>{formats.count(row.due)}</Cell>
                <FigureCell label={`Compliance of ${row.group.name}`} href={groupHref(row.group.id)}>
                  {percent(row.rate)}
                </FigureCell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
      {athletes.length > 0 ? (
        <>
          <SubHeading>Athletes</SubHeading>
          <p className={note}>
            {behind === 0
              ? 'No athlete is falling behind.'
              : `${formats.count(behind)} ${behind === 1 ? 'athlete is' : 'athletes are'} falling behind: lowest compliance first.`}
          </p>
          <ReportTable
            caption="Compliance by athlete, lowest first"
            head={['Athlete', 'Completed', 'Missed', 'Due', 'Compliance', '']}
          >
            {athletes.map((row) => (
              <tr key={row.athlete.id}>
                <Cell>
                  <SourceLink href={athleteHref(row.athlete.id)}>{row.athlete.name}</SourceLink>
                </Cell>
                <Cell>{formats.count(row.completed)}</Cell>
                <FigureCell
                  label={`Workouts missed by ${row.athlete.name}`}
                  href={athleteHref(row.athlete.id)}
                >
                  {formats.count(row.missed)}
                </FigureCell>
                <Cell>{formats.count(row.due)}</Cell>
                <FigureCell label={`Compliance of ${row.athlete.name}`} href={athleteHref(row.athlete.id)}>
                  {percent(row.rate)}
                </FigureCell>
                <Cell className="!text-left">
                  {row.rate !== null && row.rate < fallingBehindBelow ? (
                    <span className="rounded-md bg-warning/15 px-1.5 py-0.5 text-xs font-semibold text-warning-foreground">
                      Falling behind
                    </span>
                  ) : null}
                </Cell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
    </ReportSectionCard>
  );
}

// ——— Training volume ———

export function VolumeSection({ report, formats }: SectionProps) {
  const { weeks, categories, sessionLoad, loadRatios } = report.volume;
  const unit = report.weightUnit;
  const csv = (): CsvTable => ({
    fields: [
      'Row',
      'Week starting',
      'Category',
      'Athlete',
      'Workouts',
      'Sets',
      'Reps',
      `Load (${unit})`,
      'Sessions',
      'Session-RPE load (AU)',
      'Acute (AU)',
      'Chronic (AU)',
      'Acute:chronic',
      'Zone',
    ],
    data: [
      ...categories.map((row) => [
        'Category',
        null,
        row.category,
        null,
        row.workouts,
        row.sets,
        row.reps,
        round(row.load),
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
      ...weeks.map((row) => [
        'Week',
        row.weekStart,
        row.category,
        null,
        row.workouts,
        row.sets,
        row.reps,
        round(row.load),
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
      ...sessionLoad.map((row) => [
        'Session load',
        row.weekStart,
        null,
        null,
        null,
        null,
        null,
        null,
        row.sessions,
        round(row.load),
        null,
        null,
        null,
        null,
      ]),
      ...loadRatios.map((row) => [
        'Load ratio',
        null,
        null,
        row.athlete.name,
        null,
        null,
        null,
        null,
        null,
        null,
        round(row.acute),
        round(row.chronic),
        row.ratio === null ? null : round(row.ratio, 2),
        row.zone,
      ]),
    ],
  });
  const ratioAthletes = loadRatios.filter((row) => row.ratio !== null || row.acute > 0 || row.chronic > 0);
  return (
    <ReportSectionCard
      section="volume"
      title="Training volume"
      description={`Sets, reps and load (${unit} × reps) by workout category per week, and session-RPE load (RPE × minutes).`}
      csv={csv}
      fileRange={rangeOf(report)}
      empty={
        categories.length === 0 && sessionLoad.every((week) => week.sessions === 0)
          ? {
              icon: DumbbellIcon,
              title: 'No completed workouts in this range',
              text: 'Volume shows here once athletes complete workouts.',
            }
          : null
      }
    >
      {weeks.length > 0 ? (
        <ChartSlot className="h-64">
          <VolumeChart weeks={weeks} />
        </ChartSlot>
      ) : null}
      <ReportTable
        caption="Volume by category over the range"
        head={['Category', 'Workouts', 'Sets', 'Reps', `Load (${unit})`]}
      >
        {categories.map((row) => (
          <tr key={row.category}>
            <Cell>
              <span className="inline-flex items-center gap-2">
                {isWorkoutCategory(row.category) ? <CategoryDot category={row.category} /> : null}
                {categoryName(row.category)}
              </span>
            </Cell>
            <FigureCell label={`${row.category}: workouts`}>{formats.count(row.workouts)}</FigureCell>
            <FigureCell label={`${row.category}: sets`}>{formats.count(row.sets)}</FigureCell>
            <FigureCell label={`${row.category}: reps`}>{formats.count(row.reps)}</FigureCell>
            <FigureCell label={`${row.category}: load lifted`}>
              {row.load > 0 ? formats.count(Math.round(row.load)) : '—'}
            </FigureCell>
          </tr>
        ))}
      </ReportTable>
      {weeks.length > 0 ? (
        <>
          <SubHeading>By week</SubHeading>
          <ReportTable
            caption="Volume by week and category"
            leftColumns={2}
            head={['Week of', 'Category', 'Workouts', 'Sets', 'Reps', `Load (${unit})`]}
          >
            {weeks.map((row) => (
              <tr key={`${row.weekStart}-${row.category}`}>
                <Cell>{formats.day(row.weekStart, 'shortDate')}</Cell>
                <Cell className="!text-left">{categoryName(row.category)}</Cell>
                <Cell>{formats.count(row.workouts)}</Cell>
                <Cell>{formats.count(row.sets)}</Cell>
                <Cell>{formats.count(row.reps)}</Cell>
                <Cell>{row.load > 0 ? formats.count(Math.round(row.load)) : '—'}</Cell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
      {sessionLoad.length > 0 ? (
        <>
          <SubHeading>Session-RPE load</SubHeading>
          <ReportTable
            caption="Session-RPE load by week, all athletes"
            head={['Week of', 'Sessions', 'Load (AU)']}
          >
            {sessionLoad.map((row) => (
              <tr key={row.weekStart}>
                <Cell>{formats.day(row.weekStart, 'shortDate')}</Cell>
                <Cell>{formats.count(row.sessions)}</Cell>
                <FigureCell label={`Session-RPE load in the week of ${row.weekStart}`}>
                  {formats.count(Math.round(row.load))}
                </FigureCell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
      {ratioAthletes.length > 0 ? (
        <>
          <SubHeading>Acute:chronic load on {formats.day(report.to, 'shortDate')}</SubHeading>
          <p className={note}>Acute is the last 7 days, chronic the mean week of the last 28 days.</p>
          <ReportTable
            caption="Acute:chronic session load by athlete"
            head={['Athlete', 'Acute (AU)', 'Chronic (AU)', 'Ratio', 'Zone']}
          >
            {ratioAthletes.map((row) => (
              <tr key={row.athlete.id}>
                <Cell>
                  <SourceLink href={athleteHref(row.athlete.id)}>{row.athlete.name}</SourceLink>
                </Cell>
                <Cell>{formats.count(Math.round(row.acute))}</Cell>
                <Cell>{formats.count(Math.round(row.chronic))}</Cell>
                <FigureCell
                  label={`Acute:chronic load of ${row.athlete.name}`}
                  href={athleteHref(row.athlete.id)}
                >
                  {row.ratio === null ? '—' : formats.number(row.ratio, 2)}
                </FigureCell>
                <Cell>
                  <Zone zone={row.zone} />
                </Cell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
    </ReportSectionCard>
  );
}

// ——— Strength ———

export function StrengthSection({ report, formats }: SectionProps) {
  const { lifts, records, recordCount } = report.strength;
  const unit = report.weightUnit;
  const load = (value: number | null) => (value === null ? '—' : formats.number(value, 1));
  const signed = (value: number | null) =>
    value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${formats.number(Math.abs(value), 1)}`;
  const csv = (): CsvTable => ({
    fields: [
      'Row',
      'Exercise',
      'Athlete',
      `1RM before (${unit})`,
      `Best 1RM (${unit})`,
      `Change (${unit})`,
      'Record',
      'Value',
      'Unit',
      'Date',
      'Completed workout',
    ],
    data: [
      ...lifts.flatMap((lift) =>
        lift.athletes.map((row) => [
          'Estimated 1RM',
          lift.exercise.name,
          row.athlete.name,
          row.before === null ? null : round(row.before),
          round(row.best),
          row.change === null ? null : round(row.change),
          null,
          null,
          null,
          null,
          null,
        ]),
      ),
      ...records.map((record) => [
        'Record',
        record.exercise.name,
        record.athlete.name,
        null,
        null,
        null,
        recordKindName(record.kind),
        round(record.value),
        record.unit,
        record.date,
        record.logId,
      ]),
    ],
  });
  const anyChange = lifts.some((lift) => lift.athletes.some((row) => row.change !== null));
  return (
    <ReportSectionCard
      section="strength"
      title="Strength"
      description={`Best estimated 1RM (Epley) of the main lifts before the range and in it, and the records set (${unit}).`}
      csv={csv}
      fileRange={rangeOf(report)}
      empty={
        lifts.length === 0 && records.length === 0 && recordCount === 0
          ? {
              icon: DumbbellIcon,
              title: 'No lifts in this range',
              text: 'Estimated 1RMs and records show here once athletes log lifts.',
            }
          : null
      }
    >
      <FigureTiles
        tiles={[{ label: 'New records', figureLabel: 'New records', value: formats.count(recordCount) }]}
      />
      {anyChange ? (
        <ChartSlot className="h-72">
          <StrengthChart lifts={lifts} unit={unit} />
        </ChartSlot>
      ) : null}
      {lifts.map((lift) => (
        <div key={lift.exercise.id}>
          <SubHeading>{lift.exercise.name}</SubHeading>
          <ReportTable
            caption={`${lift.exercise.name}: best estimated 1RM before the range and in it (${unit})`}
            head={['Athlete', 'Before', 'Best', 'Change']}
          >
            {lift.athletes.map((row) => (
              <tr key={row.athlete.id}>
                <Cell>
                  <SourceLink href={athleteHref(row.athlete.id)}>{row.athlete.name}</SourceLink>
                </Cell>
                <Cell>{load(row.before)}</Cell>
                <FigureCell
                  label={`${lift.exercise.name} estimated 1RM of ${row.athlete.name}`}
                  href={athleteHref(row.athlete.id)}
                >
                  {load(row.best)}
                </FigureCell>
                <FigureCell
                  label={`${lift.exercise.name} 1RM change of ${row.athlete.name}`}
                  href={athleteHref(row.athlete.id)}
                  className={row.change !== null && row.change > 0 ? 'text-success' : ''}
                >
                  {signed(row.change)}
                </FigureCell>
              </tr>
            ))}
          </ReportTable>
        </div>
      ))}
      <SubHeading>New records</SubHeading>
      {records.length === 0 ? (
        <p className={note}>No records in this range.</p>
      ) : (
        <ReportTable
          caption="Records set in the range, newest first"
          leftColumns={4}
          head={['Date', 'Athlete', 'Exercise', 'Record', 'Value']}
        >
          {records.map((record) => {
            const href = `/app/completed/${record.logId}`;
            return (
              <tr key={record.id}>
                <Cell>{formats.day(record.date, 'shortDate')}</Cell>
                <Cell className="!text-left">
                  <SourceLink href={athleteHref(record.athlete.id)}>{record.athlete.name}</SourceLink>
                </Cell>
                <Cell className="!text-left">{record.exercise.name}</Cell>
                <Cell className="!text-left">{recordKindName(record.kind)}</Cell>
                <FigureCell
                  label={`Record: ${record.exercise.name} by ${record.athlete.name} on ${record.date}`}
                  href={href}
                >
                  <SourceLink href={href}>
                    {formats.number(record.value, 1)} {record.unit}
                  </SourceLink>
                </FigureCell>
              </tr>
            );
          })}
        </ReportTable>
      )}
    </ReportSectionCard>
  );
}

// ——— Throwing ———

export function ThrowingSection({ report, formats }: SectionProps) {
  const { athletes, velocity, totalPitches } = report.throwing;
  const csv = (): CsvTable => ({
    fields: [
      'Row',
      'Athlete',
      'Week starting',
      'Pitch type',
      'Pitches',
      'Days pitched',
      'Most in a day',
      'Daily limit',
      'Days over the limit',
      'Rest days missed',
      'Workload ratio',
      'Zone',
      'Mean (mph)',
      'Top (mph)',
    ],
    data: [
      ...athletes.map((row) => [
        'Athlete',
        row.athlete.name,
        null,
        null,
        row.pitches,
        row.days,
        row.maxDaily,
        row.dailyLimit,
        row.daysOverLimit,
        row.restDaysMissed,
        row.workloadRatio === null ? null : round(row.workloadRatio, 2),
        row.zone,
        null,
        null,
      ]),
      ...velocity.map((row) => [
        'Velocity',
        null,
        row.weekStart,
        pitchTypeName(row.pitchType),
        row.pitches,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        round(row.mean),
        round(row.top),
      ]),
    ],
  });
  return (
    <ReportSectionCard
      section="throwing"
      title="Throwing"
      description="Pitch counts against Pitch Smart’s daily limits and rest days, velocity per pitch type, and arm-sensor workload."
      csv={csv}
      fileRange={rangeOf(report)}
      empty={
        totalPitches === 0
          ? {
              icon: ActivityIcon,
              title: 'No pitches in this range',
              text: 'Pitch counts and velocity show here once pitches are logged with a completed workout.',
            }
          : null
      }
    >
      <FigureTiles
        tiles={[
          { label: 'Pitches thrown', figureLabel: 'Pitches thrown', value: formats.count(totalPitches) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartSlot className="h-64">
          <PitchesChart athletes={athletes} />
        </ChartSlot>
        {velocity.length > 0 ? (
          <ChartSlot>
            <VelocityChart velocity={velocity} />
          </ChartSlot>
        ) : null}
      </div>
      <ReportTable
        caption="Pitchers, most pitches first"
        head={[
          'Athlete',
          'Pitches',
          'Days',
          'Most in a day',
          'Daily limit',
          'Days over',
          'Rest days missed',
          'Workload ratio',
          'Zone',
        ]}
      >
        {athletes.map((row) => {
          const href = athleteHref(row.athlete.id);
          const name = row.athlete.name;
          return (
            <tr key={row.athlete.id}>
              <Cell>
                <SourceLink href={href}>{name}</SourceLink>
              </Cell>
              <FigureCell label={`Pitches by ${name}`} href={href}>
                {formats.count(row.pitches)}
              </FigureCell>
              <Cell>{formats.count(row.days)}</Cell>
              <FigureCell label={`Most pitches in a day by ${name}`} href={href}>
                {formats.count(row.maxDaily)}
              </FigureCell>
              <Cell>{row.dailyLimit === null ? 'Age unknown' : formats.count(row.dailyLimit)}</Cell>
              <FigureCell
                label={`Days over the limit for ${name}`}
                href={href}
                className={row.daysOverLimit > 0 ? 'font-semibold text-danger' : ''}
              >
                {formats.count(row.daysOverLimit)}
              </FigureCell>
              <FigureCell
                label={`Rest days missed by ${name}`}
                href={href}
                className={row.restDaysMissed > 0 ? 'font-semibold text-danger' : ''}
              >
                {formats.count(row.restDaysMissed)}
              </FigureCell>
              <FigureCell label={`Throwing workload ratio of ${name}`} href={href}>
                {row.workloadRatio === null ? '—' : formats.number(row.workloadRatio, 2)}
              </FigureCell>
              <Cell>
                <Zone zone={row.zone} />
              </Cell>
            </tr>
          );
        })}
      </ReportTable>
      {velocity.length > 0 ? (
        <>
          <SubHeading>Velocity by week</SubHeading>
          <ReportTable
            caption="Mean and top velocity per pitch type and week (mph)"
            leftColumns={2}
            head={['Week of', 'Pitch type', 'Pitches', 'Mean', 'Top']}
          >
            {velocity.map((row) => (
              <tr key={`${row.weekStart}-${row.pitchType}`}>
                <Cell>{formats.day(row.weekStart, 'shortDate')}</Cell>
                <Cell className="!text-left">{pitchTypeName(row.pitchType)}</Cell>
                <Cell>{formats.count(row.pitches)}</Cell>
                <FigureCell label={`${row.pitchType} mean velocity in the week of ${row.weekStart}`}>
                  {formats.number(row.mean, 1)}
                </FigureCell>
                <Cell>{formats.number(row.top, 1)}</Cell>
              </tr>
            ))}
          </ReportTable>
        </>
      ) : null}
    </ReportSectionCard>
  );
}

// ——— Readiness ———

export function ReadinessSection({ report, formats }: SectionProps) {
  const { questionnaires, flagged } = report.readiness;
  const csv = (): CsvTable => ({
    fields: ['Row', 'Questionnaire', 'Item', 'Athlete', 'Answers', 'Due', 'Mean', 'Amber', 'Red'],
    data: [
      ...questionnaires.flatMap((questionnaire) => [
        [
          'Questionnaire',
          questionnaire.questionnaire.name,
          null,
          null,
          questionnaire.answers,
          questionnaire.due,
          null,
          null,
          null,
        ],
        ...questionnaire.items.map((item) => [
          'Item',
          questionnaire.questionnaire.name,
          item.label,
          null,
          item.answers,
          null,
          item.mean === null ? null : round(item.mean, 2),
          item.amber,
          item.red,
        ]),
      ]),
      ...flagged.map((row) => [
        'Flagged athlete',
        null,
        null,
        row.athlete.name,
        null,
        null,
        null,
        row.amber,
        row.red,
      ]),
    ],
  });
  return (
    <ReportSectionCard
      section="readiness"
      title="Readiness"
      description="Questionnaire answers in the range: each item’s mean, and answers flagged amber or red against the athlete’s own baseline."
      csv={csv}
      fileRange={rangeOf(report)}
      empty={
        questionnaires.every((questionnaire) => questionnaire.answers === 0)
          ? {
              icon: ClipboardIcon,
              title: 'No questionnaire answers in this range',
              text: 'Readiness shows here once athletes answer their questionnaires.',
            }
          : null
      }
    >
      {flagged.length > 0 ? (
        <ChartSlot className="h-64">
          <FlagsChart flagged={flagged} />
        </ChartSlot>
      ) : null}
      {questionnaires.map((questionnaire) => {
        const name = questionnaire.questionnaire.name;
        return (
          <div key={questionnaire.questionnaire.id}>
            <SubHeading>{name}</SubHeading>
            <FigureTiles
              tiles={[
                {
                  label: 'Answers',
                  figureLabel: `${name}: answers`,
                  value: formats.count(questionnaire.answers),
                },
              ]}
            />
            {questionnaire.due !== null ? (
              <p className={note}>
                {formats.count(questionnaire.answers)} of {formats.count(questionnaire.due)} answers due.
              </p>
            ) : null}
            <ReportTable
              caption={`${name}: each item over the range`}
              head={['Item', 'Mean', 'Answers', 'Amber', 'Red', 'Flagged']}
            >
              {questionnaire.items.map((item) => (
                <tr key={item.itemId}>
                  <Cell>{item.label}</Cell>
                  <FigureCell label={`${name}: mean ${item.label}`}>
                    {item.mean === null ? '—' : formats.number(item.mean, 2)}
                  </FigureCell>
                  <Cell>{formats.count(item.answers)}</Cell>
                  <Cell>{formats.count(item.amber)}</Cell>
                  <Cell>{formats.count(item.red)}</Cell>
                  <FigureCell label={`${name}: ${item.label} answers flagged`}>
                    {formats.count(item.amber + item.red)}
                  </FigureCell>
                </tr>
              ))}
            </ReportTable>
          </div>
        );
      })}
      <SubHeading>Flagged athletes</SubHeading>
      {flagged.length === 0 ? (
        <p className={note}>No answers were flagged in this range.</p>
      ) : (
        <ReportTable
          caption="Athletes with flagged answers, most red first"
          head={['Athlete', 'Red', 'Amber', 'Flagged']}
        >
          {flagged.map((row) => (
            <tr key={row.athlete.id}>
              <Cell>
                <SourceLink href={athleteHref(row.athlete.id)}>{row.athlete.name}</SourceLink>
              </Cell>
              <Cell>{formats.count(row.red)}</Cell>
              <Cell>{formats.count(row.amber)}</Cell>
              <FigureCell label={`Flagged answers of ${row.athlete.name}`} href={athleteHref(row.athlete.id)}>
                {formats.count(row.amber + row.red)}
              </FigureCell>
            </tr>
          ))}
        </ReportTable>
      )}
    </ReportSectionCard>
  );
}
