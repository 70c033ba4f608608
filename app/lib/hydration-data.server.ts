import type { EntryContext } from 'react-router';

/** Read ahead so the page renders in one synchronous pass (docs/decisions/024-render-pages-whole.md). */
export async function takeHydrationData(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  context.serverHandoffStream = undefined;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true });
  return text + decoder.decode();
}

// As React Router escapes it: nothing in the data can close the script or break the JavaScript string.
const ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escapeForScript = (json: string) => json.replace(/[&><\u2028\u2029]/g, (match) => ESCAPES[match]!);

export function hydrationScripts(data: string, nonce: string): string {
  const controller = 'window.__reactRouterContext.streamController';
  return `<script nonce="${nonce}">${controller}.enqueue(${escapeForScript(JSON.stringify(data))});</script><script nonce="${nonce}">${controller}.close();</script>`;
}
