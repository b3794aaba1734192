// Kept apart from the catalogues so that client code can read message keys without shipping them.

/** "cottage.x?max=50" → ["cottage.x", { max: "50" }]: schema messages carry their placeholder values. */
export function splitMessage(message: string): [string, Record<string, string>] {
  const at = message.indexOf('?');
  if (at < 0) return [message, {}];
  return [message.slice(0, at), Object.fromEntries(new URLSearchParams(message.slice(at + 1)))];
}
