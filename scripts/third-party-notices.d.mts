// Types of third-party-notices.mjs (a plain module: scripts/build.mjs runs under node without a compiler).

/** The part of an esbuild metafile the notices read: the files each build took in. */
export interface BundleInputs {
  inputs: Record<string, unknown>;
}

/** One bundled package as the notices name it. */
export interface Notice {
  name: string;
  version: string;
  licence: string;
  source: string;
  texts: string[];
}

/** Where the notices are written, in dist/ (shipped by package.json's "files"). */
export const NOTICES_FILE: string;
/** Notes the packages an esbuild build holds, from its metafile's inputs. */
export function recordBundle(metafile: BundleInputs): void;
/** Writes the notices of every package recorded so far to `file` and returns them. */
export function writeThirdPartyNotices(file?: string): Notice[];
/** What is wrong with notices `text` for the bundled packages `names`: one line a problem, none when all is well. */
export function noticeProblems(text: string, names: readonly string[]): string[];
