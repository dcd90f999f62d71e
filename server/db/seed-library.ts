import { saveWorkoutRequestSchema } from '../../contract/library';
import { parsePrescription } from '../../contract/prescription';
import type { Measure, WeightUnit, WorkoutCategory } from '../../contract/training-vocabulary';
import { exerciseIdsOf, prepareWorkoutBlocks } from '../lib/workout-document';
import type { Database } from './client';
import { exercises, workoutExercises, workouts } from './schema';

export interface ExerciseSeed {
  name: string;
  category: WorkoutCategory;
  measures: Measure[];
  instructions: string;
  unilateral?: boolean;
  videoUrl?: string;
}

/** A block of a seeded workout, its sets written the way a coach types them ("4 x 6 @ 75%"). */
interface BlockSeed {
  label?: string;
  rounds?: number;
  restSeconds?: number;
  exercises: { exercise: string; sets: string | string[]; notes?: string }[];
}

export interface WorkoutSeed {
  name: string;
  category: WorkoutCategory;
  notes?: string;
  blocks: BlockSeed[];
}

export interface LibrarySeed {
  exercises: ExerciseSeed[];
  workouts: WorkoutSeed[];
}

/** YouTube's results for the exercise: a real page to watch it on, without naming one video we cannot vouch for. */
const youtubeSearch = (terms: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(terms).replace(/%20/g, '+')}`;

const lift: Measure[] = ['reps', 'load', 'percentOneRm', 'rpe'];
const accessory: Measure[] = ['reps', 'load', 'rpe'];

/** The demo academy's starting library: what a baseball strength and throwing coach programs every week. */
export const demoLibrary: LibrarySeed = {
  exercises: [
    // Warm-up
    {
      name: 'Arm Circles',
      category: 'warm-up',
      measures: ['reps', 'time'],
      instructions:
        'Arms straight out to the sides. Small circles forward, growing bigger, then backward. Shoulders stay down, away from the ears.',
    },
    {
      name: 'Leg Swings',
      category: 'warm-up',
      measures: ['reps'],
      unilateral: true,
      instructions:
        'Hold a fence or wall. Swing one leg forward and back through a comfortable range, then side to side across the body. Stay tall.',
    },
    {
      name: 'Walking Lunge with Rotation',
      category: 'warm-up',
      measures: ['reps', 'distance'],
      instructions:
        'Step into a long lunge, back knee just off the ground, and rotate the chest over the front leg. Stand up through the front heel into the next step.',
    },
    {
      name: 'A-Skip',
      category: 'warm-up',
      measures: ['distance'],
      instructions:
        'Skip with the knee driving to hip height and the foot landing under the hip. Opposite arm drives. Quick, quiet contacts.',
    },
    {
      name: 'Carioca',
      category: 'warm-up',
      measures: ['distance'],
      instructions:
        'Move sideways, crossing the trailing leg in front, then behind. Let the hips turn while the shoulders stay square. Lead with both sides.',
    },
    {
      name: 'Band External Rotation',
      category: 'warm-up',
      measures: ['reps'],
      unilateral: true,
      videoUrl: youtubeSearch('band external rotation baseball'),
      instructions:
        'Band anchored at elbow height, elbow at 90° and tucked to the side (a towel under the arm). Rotate the hand out, pause, return over three counts.',
    },
    {
      name: 'Band Internal Rotation',
      category: 'warm-up',
      measures: ['reps'],
      unilateral: true,
      instructions:
        'Stand with the band pulling the hand out, elbow at 90° and tucked to the side. Rotate the hand across the belly and return slowly.',
    },
    // Mobility
    {
      name: '90/90 Hip Switch',
      category: 'mobility',
      measures: ['reps'],
      instructions:
        'Sit with both knees bent to 90°, one leg in front and one to the side. Rotate both knees to the other side without the hands, chest tall.',
    },
    {
      name: "World's Greatest Stretch",
      category: 'mobility',
      measures: ['reps'],
      unilateral: true,
      instructions:
        'From a long lunge, put the inside hand down and drop the elbow to the instep, then rotate and reach the other arm to the sky. Eyes follow the hand.',
    },
    {
      name: 'Open Book T-Spine Rotation',
      category: 'mobility',
      measures: ['reps'],
      unilateral: true,
      instructions:
        'Lie on the side, knees stacked at 90° and pinned down. Open the top arm across to the other side, turning through the upper back; breathe out at the end.',
    },
    {
      name: 'Sleeper Stretch',
      category: 'mobility',
      measures: ['time'],
      unilateral: true,
      instructions:
        'Lie on the throwing side, shoulder and elbow at 90°. Ease the forearm toward the floor with the other hand until the back of the shoulder stretches. No pain at the front.',
    },
    {
      name: 'Wall Slides',
      category: 'mobility',
      measures: ['reps'],
      instructions:
        'Back, head and forearms against the wall. Slide the arms up into a Y without losing contact or arching the low back, then pull the elbows down.',
    },
    // Lifts
    {
      name: 'Trap-Bar Deadlift',
      category: 'lift',
      measures: lift,
      videoUrl: youtubeSearch('trap bar deadlift technique'),
      instructions:
        'Stand in the middle of the bar, hands centred on the handles. Hips back, chest up, brace, and push the floor away until hips and knees lock out together. Lower under control.',
    },
    {
      name: 'Back Squat',
      category: 'lift',
      measures: lift,
      instructions:
        'Bar on the upper back, feet about shoulder width. Brace, sit down between the heels to at least parallel with the chest up, and drive up through the whole foot.',
    },
    {
      name: 'Split Squat',
      category: 'lift',
      measures: accessory,
      unilateral: true,
      videoUrl: youtubeSearch('dumbbell split squat'),
      instructions:
        'Long stance, dumbbells at the sides. Lower straight down until the back knee nearly touches, then drive up through the front foot. All reps on one side, then switch.',
    },
    {
      name: 'Romanian Deadlift',
      category: 'lift',
      measures: accessory,
      instructions:
        'Start standing with the bar. Soft knees; push the hips back and slide the bar down the thighs until the hamstrings stretch, back flat. Drive the hips through to stand.',
    },
    {
      name: 'Bench Press',
      category: 'lift',
      measures: lift,
      instructions:
        'Eyes under the bar, shoulder blades pinched, feet planted. Lower the bar to the lower chest with the elbows about 45° from the body and press back over the shoulders.',
    },
    {
      name: 'Dumbbell Bench Press',
      category: 'lift',
      measures: accessory,
      instructions:
        'Dumbbells over the shoulders, palms forward or neutral. Lower until the elbows are just below the bench and press up and slightly in. Friendlier to a thrower’s shoulder than the bar.',
    },
    {
      name: 'Chin-Up',
      category: 'lift',
      measures: accessory,
      instructions:
        'Palms facing you, hang at full stretch. Pull the chest to the bar with the shoulder blades down and back; lower all the way. Add load with a belt when bodyweight is easy.',
    },
    {
      name: 'Single-Arm Dumbbell Row',
      category: 'lift',
      measures: accessory,
      unilateral: true,
      instructions:
        'One hand and knee on a bench, back flat. Row the dumbbell to the hip, shoulder blade moving back, without turning the trunk. Lower to a full stretch.',
    },
    {
      name: 'Landmine Press',
      category: 'lift',
      measures: accessory,
      unilateral: true,
      instructions:
        'Half-kneeling, the end of the bar at the shoulder. Press up and forward until the arm is long, letting the shoulder blade move around the ribs. Ribs down.',
    },
    {
      name: 'Nordic Hamstring Curl',
      category: 'lift',
      measures: ['reps'],
      instructions:
        'Kneel with the ankles held. Keep hips straight and lower the body forward as slowly as possible, catch with the hands, and push back up.',
    },
    {
      name: 'Side-Lying Dumbbell External Rotation',
      // Arm care with a light dumbbell or plate: no 1RM to estimate (ADR 048).
      category: 'mobility',
      measures: ['reps', 'load'],
      unilateral: true,
      instructions:
        'Lie on the non-throwing side, towel between elbow and ribs. Rotate the light dumbbell up until the forearm points to the ceiling; lower over three counts.',
    },
    {
      name: 'Prone Y-T-W',
      // Arm care with a light dumbbell or plate: no 1RM to estimate (ADR 048).
      category: 'mobility',
      measures: ['reps', 'load'],
      instructions:
        'Chest on an incline bench, thumbs up. Raise the arms into a Y, a T and a W in turn, squeezing the shoulder blades without shrugging. Light plates only.',
    },
    {
      name: 'Pallof Press',
      category: 'lift',
      measures: ['reps', 'time'],
      unilateral: true,
      instructions:
        'Side-on to a cable or band at chest height. Press the hands straight out and hold without letting the trunk turn toward the anchor; bring them back in.',
    },
    // Throws
    {
      name: 'Catch Play',
      category: 'throw',
      measures: ['pitchCount', 'distance'],
      instructions:
        'Progressive throwing with a partner: start at 45 ft and move back as the arm warms up. Throw with intent at a target and finish every throw.',
    },
    {
      name: 'Long Toss',
      category: 'throw',
      measures: ['pitchCount', 'distance'],
      videoUrl: youtubeSearch('long toss program baseball'),
      instructions:
        'Stretch out with arcing throws to the day’s distance, as long as the arm stays loose, then come back in throwing on a line with a crow hop.',
    },
    {
      name: 'Pulldown Throws',
      category: 'throw',
      measures: ['pitchCount', 'velocity'],
      instructions:
        'Run or crow-hop into a max-effort throw on a line toward the partner. Only on a fresh, fully warmed-up arm, and only as many as written.',
    },
    {
      name: 'Plyo Ball Reverse Throws',
      category: 'throw',
      measures: ['pitchCount'],
      instructions:
        'Stand facing away from the wall with a 2 lb plyo ball. Turn and throw it back into the wall, letting the arm decelerate fully across the body.',
    },
    {
      name: 'Plyo Ball Pivot Pickoffs',
      category: 'throw',
      measures: ['pitchCount'],
      instructions:
        'Face the wall with a 2 lb plyo ball. Pivot on the back foot, turn and throw into the wall with a quick arm, finishing over the front leg.',
    },
    // Command
    {
      name: 'Bullpen',
      category: 'command',
      measures: ['pitchCount', 'velocity', 'rpe'],
      instructions:
        'Full warm-up and catch play first. Throw off the mound to a catcher, pitch types as written in the notes. Record velocity when a radar gun is there.',
    },
    {
      name: 'Command Bullpen',
      category: 'command',
      measures: ['pitchCount', 'rpe'],
      instructions:
        'Call a location for every pitch (glove side, arm side, up, down). A pitch within a ball’s width of the glove scores; track the rate from week to week.',
    },
    {
      name: 'Flat-Ground Spin Work',
      category: 'command',
      measures: ['pitchCount'],
      instructions:
        'From 45 to 60 ft on flat ground, throw breaking balls at moderate effort, working on grip and spin axis. A partner or camera checks the break.',
    },
    {
      name: 'Simulated Inning',
      category: 'command',
      measures: ['pitchCount', 'rpe'],
      instructions:
        'Pitch an imagined inning of 12 to 18 pitches with game sequences and counts, then sit for 6 to 8 minutes as between innings.',
    },
    // Sprints
    {
      name: '10-Yard Sprint',
      category: 'sprint',
      measures: ['distance', 'time'],
      instructions:
        'From a two-point start, accelerate hard for 10 yards: low angles, powerful pushes, arms driving. Walk back; full rest between.',
    },
    {
      name: '30-Yard Sprint',
      category: 'sprint',
      measures: ['distance', 'time'],
      instructions:
        'Accelerate for 20 yards and hold top speed through the line. Stay relaxed in the face and shoulders.',
    },
    {
      name: '60-Yard Dash',
      category: 'sprint',
      measures: ['distance', 'time'],
      instructions:
        'The showcase sprint, timed from first movement. Run through the line; full recovery (2 to 3 minutes) between runs.',
    },
    {
      name: 'Pro-Agility (5-10-5)',
      category: 'sprint',
      measures: ['reps', 'time'],
      instructions:
        'Straddle the middle line. Sprint 5 yards and touch the line, 10 yards back and touch, then 5 yards through the middle. Alternate the first direction.',
    },
    {
      name: 'Home-to-First Sprint',
      category: 'sprint',
      measures: ['reps', 'time'],
      instructions:
        'Finish the swing, drop the bat and sprint through first base without lunging at the bag. Timed from contact to the bag.',
    },
    // Plyos
    {
      name: 'Box Jump',
      category: 'plyo',
      measures: ['reps'],
      instructions:
        'Quarter squat and arm swing, jump onto the box and land softly in the same athletic position. Step down; never jump down.',
    },
    {
      name: 'Broad Jump',
      category: 'plyo',
      measures: ['reps', 'distance'],
      instructions:
        'Swing the arms back and jump forward as far as possible, landing on both feet and sticking the landing for a count of two.',
    },
    {
      name: 'Lateral Bound',
      category: 'plyo',
      measures: ['reps', 'distance'],
      unilateral: true,
      instructions:
        'Push off the outside leg and bound sideways, landing on the other leg; stick it for a second before bounding back.',
    },
    {
      name: 'Pogo Hops',
      category: 'plyo',
      measures: ['reps', 'time'],
      instructions:
        'Small, quick hops off the balls of the feet with stiff ankles and knees nearly straight. Minimal time on the ground.',
    },
    // Med-ball
    {
      name: 'Med-Ball Rotational Throw',
      category: 'med-ball',
      measures: ['reps', 'load'],
      unilateral: true,
      videoUrl: youtubeSearch('med ball rotational throw baseball'),
      instructions:
        'Side-on to a wall, ball at the back hip. Load the back leg and rotate hard through the hips, throwing the ball into the wall. Both sides.',
    },
    {
      name: 'Med-Ball Scoop Toss',
      category: 'med-ball',
      measures: ['reps', 'load'],
      unilateral: true,
      instructions:
        'Side-on, ball held low outside the back knee. Shift and rotate, scooping the ball up and into the wall at chest height.',
    },
    {
      name: 'Med-Ball Overhead Slam',
      category: 'med-ball',
      measures: ['reps', 'load'],
      instructions:
        'Reach the ball overhead on the toes, then slam it into the ground in front of the feet as hard as possible. Catch or pick up and repeat.',
    },
    {
      name: 'Med-Ball Chest Pass',
      category: 'med-ball',
      measures: ['reps', 'load'],
      instructions:
        'Athletic stance facing the wall, ball at the chest. Step and push the ball into the wall as fast as possible; catch the rebound.',
    },
    {
      name: 'Med-Ball Shot Put',
      category: 'med-ball',
      measures: ['reps', 'load'],
      unilateral: true,
      instructions:
        'Side-on, ball cupped at the back shoulder. Drive off the back leg and rotate, putting the ball into the wall with the elbow behind it.',
    },
    // Fielding
    {
      name: 'Ground Ball Fungo',
      category: 'fielding',
      measures: ['reps'],
      instructions:
        'Ground balls hit from home: field, set the feet and throw to first. Mix routine, backhand and charging balls.',
    },
    {
      name: 'Double-Play Feeds',
      category: 'fielding',
      measures: ['reps'],
      instructions:
        'Middle infielders in pairs: flip, underhand and backhand feeds to the bag with the pivot footwork, finishing with the throw to first.',
    },
    {
      name: "Pitchers' Fielding Practice",
      category: 'fielding',
      measures: ['reps'],
      instructions:
        'From the mound: comebackers to second, covering first on balls to the right side, and bunts to the lines. Call the base before fielding.',
    },
    {
      name: 'Fly Ball Communication',
      category: 'fielding',
      measures: ['reps'],
      instructions:
        'Two or three fielders on balls hit between them. Call it three times; the centre fielder has priority. Everyone backs up.',
    },
    // Hitting
    {
      name: 'Tee Work',
      category: 'hitting',
      measures: ['reps'],
      instructions:
        'Set the tee inside, middle and away. One move to work on per round, game intent on every swing.',
    },
    {
      name: 'Front Toss',
      category: 'hitting',
      measures: ['reps'],
      instructions:
        'Tosses from behind a screen 15 to 20 ft away. Hit line drives to the middle of the field, then work the pitch locations the coach calls.',
    },
    {
      name: 'Batting Practice',
      category: 'hitting',
      measures: ['reps'],
      instructions:
        'Rounds against a coach or machine: bunt two, then hit-and-run, move the runner and free swings as the round says.',
    },
    {
      name: 'Overload/Underload Bat Swings',
      category: 'hitting',
      measures: ['reps', 'velocity'],
      instructions:
        'Alternate heavy, light and game bats off the tee at full intent. Track bat speed with a sensor when one is there.',
    },
    {
      name: 'Live At-Bats',
      category: 'hitting',
      measures: ['reps'],
      instructions:
        'Hitters face live pitching with game counts and fielders behind. Each at-bat counts; track quality at-bats.',
    },
    // Practice plan
    {
      name: 'Cuts and Relays',
      category: 'practice plan',
      measures: ['time'],
      instructions:
        'Full team defense on balls in the gap and down the lines. Cut-off men line up the throw; catchers call the base.',
    },
    {
      name: 'Bunt Defense',
      category: 'practice plan',
      measures: ['time'],
      instructions:
        'Run the sacrifice and squeeze coverages with runners on first, second and third. Everybody knows the call before the pitch.',
    },
    {
      name: 'Baserunning Reads',
      category: 'practice plan',
      measures: ['time'],
      instructions:
        'Leads, secondary leads and reads on balls in the dirt, fly balls and line drives from each base, with coaches calling the situation.',
    },
    {
      name: 'Situational Scrimmage',
      category: 'practice plan',
      measures: ['time'],
      instructions:
        'Controlled scrimmage starting each inning from a set situation (runner on second, one out). Coaches stop play to teach.',
    },
  ],
  workouts: [
    {
      name: 'Lower Body Strength A',
      category: 'lift',
      notes:
        'Off-season week 1. Percentages are of the last tested max; leave one or two reps in the tank on the accessories.',
      blocks: [
        {
          label: 'Prep',
          rounds: 2,
          exercises: [
            { exercise: '90/90 Hip Switch', sets: '1 x 6' },
            { exercise: "World's Greatest Stretch", sets: '1 x 5' },
          ],
        },
        { label: 'Power', exercises: [{ exercise: 'Box Jump', sets: '3 x 3 rest 60' }] },
        {
          label: 'Strength',
          exercises: [
            {
              exercise: 'Trap-Bar Deadlift',
              sets: ['1 x 5 @ 70% rest 120', '1 x 5 @ 75% rest 150', '2 x 5 @ 80% rest 180'],
              notes: 'Fast off the floor.',
            },
            { exercise: 'Pallof Press', sets: '4 x 8' },
          ],
        },
        {
          label: 'Single leg',
          exercises: [
            { exercise: 'Split Squat', sets: '3 x 8-10 @ RPE 8 rest 60' },
            { exercise: 'Nordic Hamstring Curl', sets: '3 x 4-6' },
          ],
        },
        { label: 'Hinge', exercises: [{ exercise: 'Romanian Deadlift', sets: '3 x 8-10 @ RPE 7 rest 90' }] },
      ],
    },
    {
      name: 'Upper Body Strength A',
      category: 'lift',
      notes: 'Pair every press with a pull. Stop a set short of failure on the bench.',
      blocks: [
        { label: 'Power', exercises: [{ exercise: 'Med-Ball Chest Pass', sets: '3 x 5 @ 8 lb rest 45' }] },
        {
          label: 'Strength',
          exercises: [
            { exercise: 'Bench Press', sets: ['1 x 5 @ 65%', '1 x 5 @ 75%', '1 x 5 @ 85% rest 180'] },
            { exercise: 'Wall Slides', sets: '3 x 8' },
          ],
        },
        {
          label: 'Pull',
          exercises: [
            { exercise: 'Chin-Up', sets: '3 x 6-8 @ RPE 8' },
            { exercise: 'Single-Arm Dumbbell Row', sets: '3 x 10-12 @ RPE 8' },
          ],
        },
        {
          label: 'Shoulder health',
          exercises: [
            { exercise: 'Landmine Press', sets: '3 x 8 @ RPE 7' },
            { exercise: 'Prone Y-T-W', sets: '2 x 10 @ 2.5 lb' },
          ],
        },
      ],
    },
    {
      name: 'Pitcher Arm Care',
      category: 'mobility',
      notes: 'After every throwing day. Light and precise: the goal is quality, not fatigue.',
      blocks: [
        {
          label: 'Bands',
          rounds: 2,
          restSeconds: 30,
          exercises: [
            { exercise: 'Band External Rotation', sets: '1 x 15' },
            { exercise: 'Band Internal Rotation', sets: '1 x 15' },
          ],
        },
        {
          label: 'Cuff strength',
          exercises: [
            { exercise: 'Side-Lying Dumbbell External Rotation', sets: '3 x 12-15 @ 5 lb' },
            { exercise: 'Prone Y-T-W', sets: '2 x 8 @ 2.5 lb' },
          ],
        },
        {
          label: 'Plyo balls',
          exercises: [
            { exercise: 'Plyo Ball Reverse Throws', sets: '2 x 10 throws' },
            { exercise: 'Plyo Ball Pivot Pickoffs', sets: '2 x 10 throws' },
          ],
        },
        {
          label: 'Recovery',
          exercises: [
            { exercise: 'Sleeper Stretch', sets: '2 x 30s' },
            { exercise: 'Open Book T-Spine Rotation', sets: '1 x 8' },
          ],
        },
      ],
    },
    {
      name: 'Bullpen Day',
      category: 'command',
      notes: 'Starters on their side day. Catch play and long toss before the mound; arm care after.',
      blocks: [
        {
          label: 'Prep',
          exercises: [
            { exercise: 'Arm Circles', sets: '1 x 30s' },
            { exercise: 'Band External Rotation', sets: '1 x 15' },
          ],
        },
        {
          label: 'Throwing',
          exercises: [
            { exercise: 'Catch Play', sets: '1 x 40 throws' },
            { exercise: 'Long Toss', sets: '1 x 180ft', notes: 'Out to 180 ft, then back in on a line.' },
          ],
        },
        {
          label: 'Mound',
          exercises: [
            {
              exercise: 'Bullpen',
              sets: '1 x 35 pitches @ RPE 7',
              notes: 'Fastball 15, changeup 10, slider 10. Both sides of the plate.',
            },
          ],
        },
        { label: 'Feel', exercises: [{ exercise: 'Flat-Ground Spin Work', sets: '1 x 15 pitches' }] },
      ],
    },
    {
      name: 'Speed & Agility',
      category: 'sprint',
      notes: 'Quality over quantity: full rest, every rep fast. Stop when times drop off.',
      blocks: [
        {
          label: 'Prep',
          rounds: 2,
          exercises: [
            { exercise: 'A-Skip', sets: '1 x 20yd' },
            { exercise: 'Carioca', sets: '1 x 20yd' },
            { exercise: 'Pogo Hops', sets: '1 x 20' },
          ],
        },
        { label: 'Acceleration', exercises: [{ exercise: '10-Yard Sprint', sets: '6 x 10yd rest 60' }] },
        {
          label: 'Change of direction',
          exercises: [{ exercise: 'Pro-Agility (5-10-5)', sets: '6 x 1 rest 90' }],
        },
        {
          label: 'Elastic',
          exercises: [
            { exercise: 'Lateral Bound', sets: '3 x 5 rest 60' },
            { exercise: 'Broad Jump', sets: '3 x 3 rest 60' },
          ],
        },
        {
          label: 'Top speed',
          exercises: [
            { exercise: '30-Yard Sprint', sets: '4 x 30yd rest 120' },
            { exercise: '60-Yard Dash', sets: '2 x 60yd rest 180' },
          ],
        },
      ],
    },
    {
      name: 'Med-Ball Power',
      category: 'med-ball',
      notes: 'Every throw at full intent; if the ball slows down, the set is over.',
      blocks: [
        {
          label: 'Rotation',
          exercises: [
            { exercise: 'Med-Ball Rotational Throw', sets: '3 x 5 @ 6 lb rest 45' },
            { exercise: 'Med-Ball Scoop Toss', sets: '3 x 5 @ 6 lb rest 45' },
          ],
        },
        {
          label: 'Overhead and chest',
          exercises: [
            { exercise: 'Med-Ball Overhead Slam', sets: '3 x 6 @ 10 lb' },
            { exercise: 'Med-Ball Chest Pass', sets: '3 x 6 @ 8 lb' },
          ],
        },
        { label: 'Finisher', exercises: [{ exercise: 'Med-Ball Shot Put', sets: '3 x 4 @ 4 lb rest 60' }] },
      ],
    },
    {
      name: 'Position Player Practice Plan',
      category: 'practice plan',
      notes: 'Two hours on the field. Stations rotate every 15 minutes during the defensive block.',
      blocks: [
        {
          label: 'Warm-up',
          exercises: [
            { exercise: 'Walking Lunge with Rotation', sets: '1 x 10' },
            { exercise: 'Leg Swings', sets: '1 x 10' },
            { exercise: 'A-Skip', sets: '2 x 20yd' },
          ],
        },
        { label: 'Throwing', exercises: [{ exercise: 'Catch Play', sets: '1 x 40 throws' }] },
        {
          label: 'Defense',
          exercises: [
            { exercise: 'Ground Ball Fungo', sets: '1 x 25' },
            { exercise: 'Double-Play Feeds', sets: '1 x 15' },
            { exercise: 'Fly Ball Communication', sets: '1 x 10' },
          ],
        },
        {
          label: 'Team',
          exercises: [
            { exercise: 'Cuts and Relays', sets: '1 x 15min' },
            { exercise: 'Baserunning Reads', sets: '1 x 10min' },
          ],
        },
        {
          label: 'Hitting',
          exercises: [
            { exercise: 'Tee Work', sets: '3 x 10' },
            { exercise: 'Front Toss', sets: '3 x 8' },
            { exercise: 'Batting Practice', sets: '4 x 6' },
          ],
        },
      ],
    },
    {
      name: 'Dynamic Warm-Up',
      category: 'warm-up',
      notes: 'Before every practice and lift. About 12 minutes.',
      blocks: [
        {
          label: 'Arms',
          exercises: [
            { exercise: 'Arm Circles', sets: '1 x 30s' },
            { exercise: 'Band External Rotation', sets: '1 x 15' },
            { exercise: 'Band Internal Rotation', sets: '1 x 15' },
          ],
        },
        {
          label: 'Legs',
          exercises: [
            { exercise: 'Leg Swings', sets: '1 x 10' },
            { exercise: 'Walking Lunge with Rotation', sets: '1 x 10' },
          ],
        },
        {
          label: 'Movement',
          exercises: [
            { exercise: 'A-Skip', sets: '2 x 20yd' },
            { exercise: 'Carioca', sets: '2 x 20yd' },
          ],
        },
        {
          label: 'Mobility',
          exercises: [
            { exercise: "World's Greatest Stretch", sets: '1 x 5' },
            { exercise: '90/90 Hip Switch', sets: '1 x 6' },
          ],
        },
      ],
    },
  ],
};

/** A handful for the rival club, so that isolation has something to hide. */
export const rivalsLibrary: LibrarySeed = {
  exercises: [
    {
      name: 'Hang Clean',
      category: 'lift',
      measures: lift,
      instructions: 'From the hang above the knees, jump and shrug, pull under and catch on the shoulders.',
    },
    {
      name: 'Back Squat',
      category: 'lift',
      measures: lift,
      instructions: 'Bar on the upper back; sit down to parallel and drive up.',
    },
    {
      name: 'Long Toss',
      category: 'throw',
      measures: ['pitchCount', 'distance'],
      instructions: 'Stretch out to the day’s distance, then come back in on a line.',
    },
    {
      name: 'Band External Rotation',
      category: 'warm-up',
      measures: ['reps'],
      unilateral: true,
      instructions: 'Elbow tucked at 90°; rotate out against the band and return slowly.',
    },
    {
      name: 'Pro-Agility (5-10-5)',
      category: 'sprint',
      measures: ['reps', 'time'],
      instructions: 'Five yards, ten back, five through the middle.',
    },
  ],
  workouts: [
    {
      name: 'Rivals Total Body',
      category: 'lift',
      blocks: [
        {
          exercises: [
            { exercise: 'Hang Clean', sets: '5 x 3 @ 70%' },
            { exercise: 'Back Squat', sets: '4 x 6 @ 75%' },
          ],
        },
        { exercises: [{ exercise: 'Band External Rotation', sets: '2 x 15' }] },
      ],
    },
  ],
};

/** The sets of a seeded exercise, from the shorthand through the editor's own parser. */
function seededSets(workout: string, exercise: ExerciseSeed, shorthand: string | string[], unit: WeightUnit) {
  return [shorthand].flat().flatMap((text) => {
    const parsed = parsePrescription(text, { measures: exercise.measures, weightUnit: unit });
    if (!parsed.ok) throw new Error(`Seed workout ${workout}, ${exercise.name} "${text}": ${parsed.message}`);
    return parsed.sets;
  });
}

/**
 * Adds a library to a new organisation in three batch inserts (exercises, workouts, their index), each
 * workout checked by the same schema and rules as a save through the API.
 */
export async function seedLibrary(
  db: Database,
  organizationId: string,
  library: LibrarySeed,
  options: { weightUnit: WeightUnit; createdBy: string | null },
): Promise<void> {
  const created = await db
    .insert(exercises)
    .values(library.exercises.map((exercise) => ({ unilateral: false, ...exercise, organizationId })))
    .returning({ id: exercises.id, name: exercises.name });
  const idByName = new Map(created.map(({ id, name }) => [name, id]));
  const seedByName = new Map(library.exercises.map((exercise) => [exercise.name, exercise]));
  const facts = new Map(
    library.exercises.map((exercise) => [idByName.get(exercise.name)!, { ...exercise, archived: false }]),
  );

  const documents = library.workouts.map((workout) => {
    const values = saveWorkoutRequestSchema.parse({
      name: workout.name,
      category: workout.category,
      notes: workout.notes ?? null,
      blocks: workout.blocks.map(({ exercises: entries, ...block }) => ({
        ...block,
        exercises: entries.map((entry) => {
          const exercise = seedByName.get(entry.exercise);
          if (!exercise)
            throw new Error(`Seed workout ${workout.name} names no exercise "${entry.exercise}"`);
          return {
            exerciseId: idByName.get(entry.exercise)!,
            notes: entry.notes ?? null,
            sets: seededSets(workout.name, exercise, entry.sets, options.weightUnit),
          };
        }),
      })),
    });
    const prepared = prepareWorkoutBlocks(values.blocks, {
      exercises: facts,
      weightUnit: options.weightUnit,
    });
    if (!prepared.ok) throw new Error(`Seed workout ${workout.name}: ${JSON.stringify(prepared.fields)}`);
    return {
      organizationId,
      name: values.name,
      category: values.category,
      notes: values.notes ?? null,
      blocks: prepared.blocks,
      createdBy: options.createdBy,
    };
  });
  if (documents.length === 0) return;
  const saved = await db
    .insert(workouts)
    .values(documents)
    .returning({ id: workouts.id, blocks: workouts.blocks });
  await db
    .insert(workoutExercises)
    .values(
      saved.flatMap(({ id, blocks }) =>
        exerciseIdsOf(blocks).map((exerciseId) => ({ organizationId, workoutId: id, exerciseId })),
      ),
    );
}
