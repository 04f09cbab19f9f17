// A TypeDoc plugin (typedoc.json "plugin"): every exported function and every public method of an exported class or
// interface, static ones too, shows how it is called: its comment has an @example block. One without is a warning,
// an error in CI (treatWarningsAsErrors), so `npm run docs` fails on it.
import { Application, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const callables = project.getReflectionsByKind(ReflectionKind.Method | ReflectionKind.Function);
    for (const callable of callables) {
      if (callable.flags.isPrivate || callable.flags.isProtected || callable.flags.isExternal) continue;
      // Inherited from outside the library (Error's own): documented where it is defined.
      if (callable.inheritedFrom !== undefined && callable.inheritedFrom.reflection === undefined) continue;
      if (callable.kind === ReflectionKind.Method && !callable.parent?.kindOf(ReflectionKind.ClassOrInterface))
        continue;
      const signatures = callable.signatures ?? [];
      if (!signatures.some((signature) => signature.comment?.getTag('@example') !== undefined)) {
        app.logger.warn(
          `${callable.getFriendlyFullName()} has no @example in its doc comment (every public method and function shows one)`,
        );
      }
    }
  });
}
