import type { Context } from '../../cli/context.js';
import { stableAlertId } from '../../core/alerts/alert-id.js';
import { ExitCode } from '../../errors.js';
import { testNotice } from '../../notify/notice.js';
import { sendNotice } from '../../notify/send.js';
import { sanitiseText } from '../../output/sanitise.js';
import { ALERT_WORDS } from './alert-words.js';
import { watchStateFile } from './alerting.js';
import type { WatchPlan } from './options.js';

/**
 * `watch --test-notify`: one test alert to each target, all at once, each within --notify-timeout; a line
 * for each. A target that takes it is enabled again if a 410 had disabled it. Exit 0 when every target
 * took it, 1 otherwise. Nothing is searched.
 */
export async function testTargets(ctx: Context, plan: WatchPlan): Promise<number> {
  const words = ALERT_WORDS[ctx.lang];
  const now = new Date();
  const results = await Promise.all(
    plan.targets.map(async (target) => {
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(plan.notifyTimeoutMs)]);
      const notice = testNotice(stableAlertId(['test', target.label, now.toISOString()]), ctx.lang, now);
      const outcome = await sendNotice(target, notice, {
        signal,
        env: ctx.io.env,
        ...(plan.webhookSecret !== undefined && { webhookSecret: plan.webhookSecret }),
        now: () => new Date(),
        stderr: ctx.stderr,
      });
      if (outcome.kind === 'sent') ctx.note(words.tested(sanitiseText(target.label)));
      else ctx.note(`Warning: ${words.testFailed(sanitiseText(outcome.problem))}`);
      return { target, sent: outcome.kind === 'sent' };
    }),
  );
  const file = watchStateFile(ctx, plan);
  const read = await file.read();
  if (read.kind === 'state') {
    const enabled = results.filter(({ target, sent }) => sent && read.state.disabled[target.key] !== undefined);
    for (const { target } of enabled) delete read.state.disabled[target.key];
    if (enabled.length > 0) await file.write(read.state);
  }
  return results.every((result) => result.sent) ? ExitCode.ok : ExitCode.service;
}
