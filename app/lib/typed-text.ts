/**
 * React puts a hydrated `<textarea>` back to the text the server sent (react-dom's initTextarea sets its
 * value to its text content), so what someone typed into one before the scripts arrived would vanish: on
 * a slow phone that can be a whole shop description. Inputs and selects keep theirs; textareas are taken
 * just before hydration and given back once it is done.
 */
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
