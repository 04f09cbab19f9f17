import { describe, expect, it } from 'vitest';
import { unknownHelpTopic } from '../../src/cli/help-topic.js';

describe('unknownHelpTopic', () => {
  it.each([
    ['serch', 'search'],
    ['lsit', 'list'],
    ['calender', 'calendar'],
  ])('suggests the command a typo "%s" stands for', (topic, command) => {
    expect(unknownHelpTopic(['help', topic])?.message).toBe(
      `unknown command '${topic}' (did you mean ${command}?); motoroute --help lists them.`,
    );
  });

  it('suggests nothing for a word far from every command', () => {
    expect(unknownHelpTopic(['help', 'xyzzy'])?.message).toBe("unknown command 'xyzzy'; motoroute --help lists them.");
  });

  it.each([[['help']], [['help', 'search']], [['help', 'job', 'wait']], [['search', 'help']]])(
    'leaves %j to the help',
    (argv) => {
      expect(unknownHelpTopic(argv)).toBeUndefined();
    },
  );
});
