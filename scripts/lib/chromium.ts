/** Debian's Chromium, which the e2e tests and the page benchmark drive. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this closed network refuses.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
