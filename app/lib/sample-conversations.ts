/** The messages placeholder (docs/product.md §1, §2): nothing here is sent or stored. */
type SampleMessage = { from: 'me' | 'shop'; text: string; time: string };

export type SampleConversation = { id: string; shop: string; when: string; messages: SampleMessage[] };

export const SAMPLE_CONVERSATIONS: SampleConversation[] = [
  {
    id: '1',
    shop: 'Adunni Bespoke Tailoring',
    when: '10:42',
    messages: [
      { from: 'me', time: '10:15', text: 'Good morning ma. Do you sew agbada? My brother’s wedding is on the 21st.' },
      { from: 'shop', time: '10:21', text: 'Good morning! Yes we do. Three-piece agbada, with embroidery on the chest and sleeves.' },
      { from: 'me', time: '10:30', text: 'How much, and can it be ready in two weeks? I will bring my own guinea brocade.' },
      {
        from: 'shop',
        time: '10:42',
        text: 'With your fabric, ₦45,000 for sewing and embroidery. Come for measurement before Friday and it will be ready in 10 days.',
      },
    ],
  },
  {
    id: '2',
    shop: 'Otigba Phones & Gadgets',
    when: 'Yesterday',
    messages: [
      { from: 'me', time: '16:05', text: 'Hello, do you have an original charger for Tecno Spark 20?' },
      { from: 'shop', time: '16:09', text: 'Yes, the 18 W fast charger with USB-C cable is ₦6,500. Original, one month warranty.' },
      { from: 'me', time: '16:12', text: 'Can you send it to Ikorodu?' },
      { from: 'shop', time: '16:20', text: 'Delivery to Ikorodu is ₦2,000 and arrives tomorrow. You can also pick up at our shop in Computer Village.' },
    ],
  },
  {
    id: '3',
    shop: 'Mama Titi’s Kitchen',
    when: 'Mon',
    messages: [
      { from: 'me', time: '09:00', text: 'Please, I need small chops for 100 guests on Saturday. Do you deliver to Yaba?' },
      { from: 'shop', time: '09:18', text: 'Two trays of 50 pieces, ₦25,000 each. Delivery to Yaba is ₦3,000. Pay half to confirm the order.' },
      { from: 'me', time: '09:25', text: 'Okay. Please add puff-puff and samosa, no spring rolls.' },
    ],
  },
];

export function conversationById(id: string | null): SampleConversation | undefined {
  return SAMPLE_CONVERSATIONS.find((conversation) => conversation.id === id);
}
