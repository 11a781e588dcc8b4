/**
 * The shipped typings, type-checked from a host project (this folder: host.ts, host.tsx and their
 * tsconfig.json) as a host would use them: through the package's name and package.json's
 * `exports`. The typings are the build's (scripts/manifest.ts), served to the compiler in
 * memory at their dist/ paths, so the test needs no build (after one, `npx tsc -p test/host-typings`
 * checks the same files on disk). Every `@ts-expect-error` line in the host files must fail:
 * TypeScript reports one that does not. The typings themselves are checked too (skipLibCheck off),
 * TypeScript's own DOM library is not.
 */
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { manifestFiles } from "../../scripts/manifest";
import { ROOT } from "../../scripts/manifest-sources";

const HERE = import.meta.dirname;

function check(): readonly ts.Diagnostic[] {
  const built = new Map(manifestFiles().map(({ path, content }) => [resolve(ROOT, path), content]));
  const dist = resolve(ROOT, "dist");
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(HERE, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (file) => built.has(file) || fileExists(file);
  host.readFile = (file) => built.get(file) ?? readFile(file);
  host.directoryExists = (dir) => dir === dist || directoryExists!(dir);
  host.getSourceFile = (file, language, ...rest) =>
    built.has(file) ? ts.createSourceFile(file, built.get(file)!, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  // The host reached the build's typings through the package's exports.
  expect(program.getSourceFiles().filter((file) => built.has(file.fileName)).length).toBe(2);
  return ts.getPreEmitDiagnostics(program);
}

describe("the shipped typings in a host project (test/host-typings)", () => {
  it("type-check the host's uses, and reject each misuse marked @ts-expect-error", () => {
    const messages = check().map((diagnostic) => {
      const where = diagnostic.file
        ? `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
        : "";
      return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    });
    expect(messages).toEqual([]);
    // About 5 s of CPU: the DOM and React typings are read whole.
  }, 120_000);
});
