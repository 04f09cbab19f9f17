// A TypeDoc plugin (typedoc.json "plugin"): every public method of an exported class, static ones too, shows how it
// is called: its comment has an @example block. A method without one is a warning, an error in CI (treatWarningsAsErrors).
import { Application, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    for (const method of project.getReflectionsByKind(ReflectionKind.Method)) {
      if (method.parent?.kind !== ReflectionKind.Class || method.flags.isPrivate || method.flags.isProtected) continue;
      // Inherited from a class outside the library (Error's methods): documented where they are defined.
      if (method.inheritedFrom !== undefined && method.inheritedFrom.reflection === undefined) continue;
      if (method.flags.isExternal) continue;
      const signatures = method.signatures ?? [];
      if (!signatures.some((signature) => signature.comment?.getTag('@example') !== undefined)) {
        app.logger.warn(`${method.getFriendlyFullName()} (a method of an exported class) has no @example in its doc comment`);
      }
    }
  });
}
