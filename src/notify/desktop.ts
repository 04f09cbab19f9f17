import { delimiter, join } from 'node:path';
import { existsSync } from 'node:fs';
import type { DeliveryOutcome } from '../core/alerts/outbox.js';
import { runProgram } from './run-program.js';
import type { Notice, SendOptions } from './target.js';

/** The program that shows a notification on this desktop and its argv, or why there is none. */
export type DesktopCommand = { argv: string[]; env?: Record<string, string> } | { problem: string };

/**
 * How to notify on this platform: the freedesktop notification service on Linux (notify-send, else gdbus),
 * osascript on macOS, a PowerShell toast on Windows. The notice's words reach the program as separate
 * arguments (or, for PowerShell, environment variables), never as code to run.
 */
export function desktopCommand(
  notice: Pick<Notice, 'title' | 'message'>,
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): DesktopCommand {
  if (platform === 'darwin') {
    const script = ['on run argv', 'display notification (item 2 of argv) with title (item 1 of argv)', 'end run'];
    return { argv: ['osascript', ...script.flatMap((line) => ['-e', line]), notice.title, notice.message] };
  }
  if (platform === 'win32') {
    return {
      argv: ['powershell.exe', '-NoProfile', '-NonInteractive', '-Command', WINDOWS_TOAST],
      env: { MOTOROUTE_NOTICE_TITLE: notice.title, MOTOROUTE_NOTICE_MESSAGE: notice.message },
    };
  }
  if (!env.DBUS_SESSION_BUS_ADDRESS)
    return {
      problem:
        'desktop://: no desktop session here (DBUS_SESSION_BUS_ADDRESS is not set); run watch inside your desktop session, or use ntfy:// to reach a phone',
    };
  if (onPath('notify-send', env))
    return { argv: ['notify-send', '--app-name=motoroute', notice.title, notice.message] };
  if (onPath('gdbus', env))
    return {
      argv: [
        'gdbus',
        'call',
        '--session',
        '--dest',
        'org.freedesktop.Notifications',
        '--object-path',
        '/org/freedesktop/Notifications',
        '--method',
        'org.freedesktop.Notifications.Notify',
        'motoroute',
        '0',
        '',
        notice.title,
        notice.message,
        '[]',
        '{}',
        '-1',
      ],
    };
  return { problem: 'desktop://: neither notify-send nor gdbus is installed (install libnotify-bin)' };
}

/** Shows a notice on the desktop; a desktop that cannot show it is not tried again. */
export async function sendDesktop(
  notice: Notice,
  options: SendOptions,
  platform = process.platform,
): Promise<DeliveryOutcome> {
  const command = desktopCommand(notice, platform, options.env);
  if ('problem' in command) return { kind: 'fail', problem: command.problem };
  const problem = await runProgram(command.argv, '', {
    stderr: options.stderr,
    signal: options.signal,
    ...(command.env && { env: { ...options.env, ...command.env } }),
  });
  return problem === undefined ? { kind: 'sent' } : { kind: 'fail', problem: `desktop://: ${problem}` };
}

function onPath(program: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, program)));
}

// The words come from environment variables, so nothing in them is ever read as PowerShell.
const WINDOWS_TOAST = [
  '[Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime] | Out-Null;',
  '$xml = [Windows.UI.Notifications.ToastNotificationManager]::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02);',
  '$texts = $xml.GetElementsByTagName("text");',
  '$texts.Item(0).AppendChild($xml.CreateTextNode($env:MOTOROUTE_NOTICE_TITLE)) | Out-Null;',
  '$texts.Item(1).AppendChild($xml.CreateTextNode($env:MOTOROUTE_NOTICE_MESSAGE)) | Out-Null;',
  '[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier("motoroute").Show([Windows.UI.Notifications.ToastNotification]::new($xml));',
].join(' ');
