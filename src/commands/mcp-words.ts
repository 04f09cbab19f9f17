/** What `mcp` refuses on its command line (the server's own messages are src/mcp's), per language. */
export const MCP_FLAG_WORDS = {
  en: {
    httpOnly: '--host, --port and --allow-origin go with --http: motoroute mcp --http --port 8808',
    httpLogOnly: '--trust-proxy and --access-log go with --http: motoroute mcp --http --access-log access.jsonl',
    logNotWritable: (file: string, reason: string) => `--access-log ${file}: cannot be written (${reason}).`,
    notAHost: (flag: string, value: string) =>
      `${flag}: "${value}" is not an address to listen on, e.g. 127.0.0.1, 0.0.0.0 or ::1.`,
    notAnOrigin: (flag: string, value: string) =>
      `${flag}: "${value}" is not an origin; give scheme, host and port only, e.g. https://app.example.`,
  },
  fr: {
    httpOnly: '--host, --port et --allow-origin vont avec --http\u00a0: motoroute mcp --http --port 8808',
    httpLogOnly: '--trust-proxy et --access-log vont avec --http\u00a0: motoroute mcp --http --access-log access.jsonl',
    logNotWritable: (file: string, reason: string) =>
      `--access-log ${file}\u00a0: impossible d\u2019y écrire (${reason}).`,
    notAHost: (flag: string, value: string) =>
      `${flag}\u00a0: \u00ab\u202f${value}\u202f\u00bb n\u2019est pas une adresse d\u2019écoute, par exemple 127.0.0.1, 0.0.0.0 ou ::1.`,
    notAnOrigin: (flag: string, value: string) =>
      `${flag}\u00a0: \u00ab\u202f${value}\u202f\u00bb n\u2019est pas une origine\u202f; donnez seulement le schéma, l\u2019hôte et le port, par exemple https://app.example.`,
  },
} as const;
