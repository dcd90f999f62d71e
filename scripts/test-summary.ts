/**
 * Sums vitest JSON reports (`--reporter=json --outputFile.json=<file>`) into one line for CI:
 *   tsx scripts/test-summary.ts "unit tests=.tmp/ci/unit.json" "PostgreSQL=.tmp/ci/pg.json"
 * A test file that failed before running any test (an import or syntax error) counts as one failed test,
 * and a suite that left no report (it could not start, or an earlier step such as lint stopped it) counts
 * as one failed test: a broken file or suite can never hide behind "0 failed".
 */
import { existsSync, readFileSync } from 'node:fs';

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { status: string }[] }[];
}

let passed = 0;
let failed = 0;
const lines: string[] = [];
for (const argument of process.argv.slice(2)) {
  const separator = argument.lastIndexOf('=');
  const [label, file] =
    separator > 0 ? [argument.slice(0, separator), argument.slice(separator + 1)] : [argument, argument];
  if (!existsSync(file)) {
    failed += 1;
    lines.push(`${label}: did not run or left no report (${file}); counted as 1 failed`);
    continue;
  }
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
    const brokenFiles = (report.testResults ?? []).filter(
      (result) =>
        result.status === 'failed' &&
        !(result.assertionResults ?? []).some((test) => test.status === 'failed'),
    );
    const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    const fileFailures = brokenFiles.length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + fileFailures;
    lines.push(
      `${label}: ${report.numPassedTests} passed, ${report.numFailedTests + fileFailures} failed` +
        (skipped ? `, ${skipped} skipped` : '') +
        (fileFailures ? ` (${fileFailures} test file${fileFailures === 1 ? '' : 's'} failed to run)` : ''),
    );
  } catch (error) {
    failed += 1;
    lines.push(
      `${label}: counted as 1 failed, unreadable report ${file} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

console.log('\nTest results');
for (const line of lines) console.log(`  ${line}`);
console.log(`${passed} passed, ${failed} failed`);
