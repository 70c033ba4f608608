/** The demo account that owns the seeded shops; `npm start` prints it so a newcomer can sign in at once. */
export const DEMO_OWNER = {
  username: 'demo',
  email: 'demo@kasuwa.ng',
  password: 'kasuwa-demo',
  phoneNumber: '+2347000000100',
} as const;
