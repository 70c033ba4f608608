/** Whether this e2e run drives Chromium with JavaScript on or off (`E2E_JS`); `npm test` runs the suite once each way. */
export type JsMode = 'on' | 'off';

export function jsModeFrom(value: string | undefined): JsMode {
  if (value === undefined || value === '' || value === 'on') return 'on';
  if (value === 'off') return 'off';
  throw new Error(`E2E_JS must be "on" or "off", not "${value}".`);
}
