/** The printable poster of a shop, with its QR code, and the page that prints it. */
export const poster = {
  'poster.tools': 'Poster',
  'poster.back': 'Back to My Shops',
  'poster.download': 'Download (SVG)',
  'poster.print': 'Print',
  'poster.printHint': "Print this page from your browser's menu (on a phone: Share, then Print).",
  'poster.kicker': 'Find us on Kasuwa',
  'poster.qr': 'QR code for {link}',
  'poster.hint': 'Scan the code or type the link to see our products and prices.',
  'poster.pageTitle': 'Poster for {name} · Kasuwa',
  'poster.pageTitleNoShop': 'Shop poster · Kasuwa',
} as const;
