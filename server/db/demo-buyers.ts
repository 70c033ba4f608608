/** Demo buyers who rated some demo shops, so a newcomer sees stars and reviews; nobody can sign in as them. */
export const DEMO_BUYERS = [
  { username: 'ngozi_o', email: 'ngozi.demo@example.com', phoneNumber: '+2347000000201' },
  { username: 'tunde_a', email: 'tunde.demo@example.com', phoneNumber: '+2347000000202' },
  { username: 'aisha_b', email: 'aisha.demo@example.com', phoneNumber: '+2347000000203' },
  { username: 'chidi_e', email: 'chidi.demo@example.com', phoneNumber: '+2347000000204' },
  { username: 'funmi_k', email: 'funmi.demo@example.com', phoneNumber: '+2347000000205' },
] as const;

/** Stars and words as buyers leave them: mostly content, one slow delivery, one with no words. */
export const DEMO_REVIEWS: readonly [stars: number, review: string][] = [
  [5, 'Goods exactly as shown, and delivered the same day.'],
  [4, 'Fair price, and the owner answered quickly on WhatsApp.'],
  [5, ''],
  [3, 'Good quality, but delivery took two days.'],
  [4, 'Friendly seller. I checked the goods before paying, as you should.'],
];

/** How many of the buyers rated the demo shop at `index`: some shops none, as in a real market. */
export const demoRatingsOf = (index: number) => (index % 6 === 5 ? 0 : 1 + ((index * 7) % DEMO_BUYERS.length));
