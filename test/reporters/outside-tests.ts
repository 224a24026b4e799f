// A vitest reporter that writes the errors vitest reports outside tests — a file that failed to load, a
// failed set-up or tear-down hook (beforeAll/afterAll: its tests are then skipped, not failed), an
// unhandled error — each with its file, to a JSON file that .ci/summary.mjs prints. Vitest's own JSON
// results count failed suites but keep none of these errors, so a red run could say "0 failed".

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface OutsideTestError {
  /** The test file, relative to the working directory (undefined when vitest does not say). */
  file?: string;
  /** Where: 'file' (load or file-level hooks), the suite's full name (its hooks), or 'unhandled'. */
  where: string;
  message: string;
}

const MAX_MESSAGE = 2_000;

function messageOf(error: SerializedError): string {
  const text = `${error.name ?? 'Error'}: ${error.message ?? ''}`.trim();
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

export function outsideTestErrors(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>, cwd = process.cwd()): OutsideTestError[] {
  const errors: OutsideTestError[] = [];
  for (const module of modules) {
    const file = relative(cwd, module.moduleId);
    for (const error of module.errors()) errors.push({ file, where: 'file', message: messageOf(error) });
    for (const suite of module.children.allSuites()) {
      for (const error of suite.errors()) errors.push({ file, where: suite.fullName, message: messageOf(error) });
    }
  }
  for (const error of unhandled) {
    const path = (error as { VITEST_TEST_PATH?: unknown }).VITEST_TEST_PATH;
    errors.push({ ...(typeof path === 'string' ? { file: relative(cwd, path) } : {}), where: 'unhandled', message: messageOf(error) });
  }
  return errors;
}

export default class OutsideTestsReporter implements Reporter {
  private readonly outputFile: string;

  /** `outputFile` as a string, or as vitest passes a reporter's options (`--reporter=<this file>`). */
  constructor(options: string | { outputFile?: string } = {}) {
    this.outputFile = (typeof options === 'string' ? options : options.outputFile) ?? '.tmp/vitest-outside-tests.json';
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify({ errors: outsideTestErrors(modules, unhandled) }, null, 2));
  }
}
