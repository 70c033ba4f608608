// Hydration resets a `<textarea>` to the server's text, losing what was typed before the scripts arrived.
let typed: [HTMLTextAreaElement, string][] = [];

export function rememberTypedText(): void {
  typed = Array.from(document.querySelectorAll('textarea'))
    .filter((area) => area.value !== area.defaultValue)
    .map((area) => [area, area.value]);
}

export function restoreTypedText(): void {
  for (const [area, value] of typed) {
    if (area.isConnected && area.value !== value) area.value = value;
  }
  typed = [];
}
