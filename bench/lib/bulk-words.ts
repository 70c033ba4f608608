import type { NigerianState } from '#rules/states.ts';

/**
 * Word lists for bulk shops. Cities and categories are weighted roughly like a real marketplace
 * (Lagos busiest), so a word like "lagos" or "rice" matches many shops and a specialty matches few:
 * search is measured at realistic selectivity, not on 100,000 copies of one shop.
 */

export type Weighted<T> = { value: T; weight: number };

export type BulkCity = { name: string; state: NigerianState; areas: string[]; streets: string[] };

export const CITIES: Weighted<BulkCity>[] = [
  {
    weight: 30,
    value: {
      name: 'Lagos',
      state: 'Lagos',
      areas: ['Ikeja', 'Surulere', 'Yaba', 'Lekki', 'Ajah', 'Oshodi', 'Ikorodu', 'Festac'],
      streets: ['Allen Avenue', 'Bode Thomas Street', 'Herbert Macaulay Way', 'Awolowo Road', 'Agege Motor Road'],
    },
  },
  {
    weight: 12,
    value: {
      name: 'Abuja',
      state: 'Abuja (FCT)',
      areas: ['Wuse', 'Garki', 'Maitama', 'Kubwa', 'Gwarinpa', 'Nyanya'],
      streets: ['Aminu Kano Crescent', 'Ahmadu Bello Way', 'Gimbiya Street', 'Ademola Adetokunbo Crescent'],
    },
  },
  {
    weight: 10,
    value: {
      name: 'Kano',
      state: 'Kano',
      areas: ['Sabon Gari', 'Fagge', 'Nassarawa', 'Tarauni'],
      streets: ['Murtala Mohammed Way', 'Bello Road', 'France Road', 'Zaria Road'],
    },
  },
  {
    weight: 8,
    value: {
      name: 'Ibadan',
      state: 'Oyo',
      areas: ['Bodija', 'Dugbe', 'Challenge', 'Ring Road', 'Mokola'],
      streets: ['Iwo Road', 'Oyo Road', 'Lagos Bypass', 'Ogunmola Street'],
    },
  },
  {
    weight: 8,
    value: {
      name: 'Port Harcourt',
      state: 'Rivers',
      areas: ['GRA', 'Rumuokoro', 'Diobu', 'Trans-Amadi'],
      streets: ['Aba Road', 'Ikwerre Road', 'Olu Obasanjo Road', 'Stadium Road'],
    },
  },
  {
    weight: 5,
    value: {
      name: 'Enugu',
      state: 'Enugu',
      areas: ['Ogui', 'Independence Layout', 'New Haven', 'Abakpa'],
      streets: ['Okpara Avenue', 'Zik Avenue', 'Chime Avenue'],
    },
  },
  {
    weight: 5,
    value: { name: 'Benin City', state: 'Edo', areas: ['Ring Road', 'Uselu', 'Ugbowo', 'GRA'], streets: ['Sapele Road', 'Akpakpava Road', 'Airport Road'] },
  },
  {
    weight: 5,
    value: {
      name: 'Kaduna',
      state: 'Kaduna',
      areas: ['Barnawa', 'Kawo', 'Tudun Wada', 'Ungwan Rimi'],
      streets: ['Ahmadu Bello Way', 'Constitution Road', 'Kachia Road'],
    },
  },
  {
    weight: 4,
    value: {
      name: 'Jos',
      state: 'Plateau',
      areas: ['Terminus', 'Rayfield', 'Bukuru', 'Angwan Rogo'],
      streets: ['Ahmadu Bello Way', 'Murtala Mohammed Way', 'Tafawa Balewa Street'],
    },
  },
  {
    weight: 4,
    value: { name: 'Abeokuta', state: 'Ogun', areas: ['Itoku', 'Kuto', 'Oke-Ilewo', 'Lafenwa'], streets: ['Ibara Road', 'Quarry Road', 'Oke-Ilewo Road'] },
  },
  {
    weight: 4,
    value: {
      name: 'Owerri',
      state: 'Imo',
      areas: ['Ikenegbu', 'Aladinma', 'World Bank', 'Douglas'],
      streets: ['Wetheral Road', 'Douglas Road', 'Tetlow Road'],
    },
  },
  {
    weight: 3,
    value: {
      name: 'Calabar',
      state: 'Cross River',
      areas: ['Marian', 'Watt', 'Akim', 'State Housing'],
      streets: ['Calabar Road', 'Ndidem Usang Iso Road', 'Marian Road'],
    },
  },
  {
    weight: 2,
    value: {
      name: 'Onitsha',
      state: 'Anambra',
      areas: ['Main Market', 'Fegge', 'GRA', 'Odoakpu'],
      streets: ['New Market Road', 'Upper Iweka Road', 'Bridgehead Road'],
    },
  },
];

export type BulkCategory = {
  name: string;
  nouns: string[];
  tags: string[];
  phrases: string[];
  products: { name: string; price: number }[];
};

export const CATEGORIES: Weighted<BulkCategory>[] = [
  {
    weight: 18,
    value: {
      name: 'Food',
      nouns: ['Kitchen', 'Bukka', 'Canteen', 'Grills', 'Foods'],
      tags: ['jollof', 'amala', 'suya', 'small chops', 'catering', 'delivery'],
      phrases: ['Hot meals every afternoon', 'Party orders taken a week ahead', 'Soups cooked fresh each morning'],
      products: [
        { name: 'Jollof rice and chicken', price: 3000 },
        { name: 'Pounded yam and egusi', price: 3500 },
        { name: 'Beef suya wrap', price: 2500 },
        { name: 'Small chops pack', price: 5000 },
        { name: 'Fried rice and turkey', price: 4000 },
        { name: 'Moi moi', price: 700 },
      ],
    },
  },
  {
    weight: 14,
    value: {
      name: 'Fashion',
      nouns: ['Fabrics', 'Boutique', 'Collections', 'Styles', 'Wears'],
      tags: ['ankara', 'lace', 'aso-ebi', 'shoes', 'bags', 'wedding'],
      phrases: ['Lace and ankara for every occasion', 'Aso-ebi orders for families', 'Ready-to-wear for men and women'],
      products: [
        { name: 'Ankara print, 6 yards', price: 12000 },
        { name: 'Swiss lace, 5 yards', price: 45000 },
        { name: 'Leather handbag', price: 18000 },
        { name: 'Men’s kaftan', price: 25000 },
        { name: 'Ladies’ sandals', price: 9500 },
      ],
    },
  },
  {
    weight: 12,
    value: {
      name: 'Phones',
      nouns: ['Phones', 'Mobile', 'Gadgets', 'Communications'],
      tags: ['android', 'iphone', 'repairs', 'accessories', 'uk used'],
      phrases: ['Screen repairs while you wait', 'New and UK-used phones with warranty', 'Chargers, cases and power banks'],
      products: [
        { name: 'Tecno Spark, 128 GB', price: 160000 },
        { name: 'Samsung Galaxy A series', price: 210000 },
        { name: 'Power bank, 20000 mAh', price: 18000 },
        { name: 'Screen guard', price: 1500 },
        { name: 'USB-C fast charger', price: 6500 },
      ],
    },
  },
  {
    weight: 9,
    value: {
      name: 'Groceries',
      nouns: ['Provisions', 'Mart', 'Foodstuff', 'Supermarket'],
      tags: ['rice', 'beans', 'garri', 'palm oil', 'provisions', 'bulk'],
      phrases: ['Foodstuff at market prices', 'Rice, beans and garri by the bag', 'Provisions for homes and shops'],
      products: [
        { name: 'Local rice, 10 kg', price: 22000 },
        { name: 'Garri, paint bucket', price: 3500 },
        { name: 'Palm oil, 5 litres', price: 9500 },
        { name: 'Honey beans, 5 kg', price: 11000 },
        { name: 'Noodles, carton', price: 11500 },
      ],
    },
  },
  {
    weight: 9,
    value: {
      name: 'Beauty',
      nouns: ['Beauty', 'Cosmetics', 'Salon', 'Glow'],
      tags: ['skincare', 'braids', 'wigs', 'makeup', 'shea butter'],
      phrases: ['Braids, wigs and makeup for brides', 'Natural skincare in small batches', 'Walk-ins welcome, bookings preferred'],
      products: [
        { name: 'Shea butter, 250 g', price: 4500 },
        { name: 'Knotless braids', price: 20000 },
        { name: 'Human hair wig', price: 150000 },
        { name: 'Black soap', price: 3000 },
      ],
    },
  },
  {
    weight: 8,
    value: {
      name: 'Electronics',
      nouns: ['Electronics', 'Electricals', 'Solar', 'Appliances'],
      tags: ['tv', 'solar', 'inverter', 'fan', 'installation'],
      phrases: ['Inverters and solar for steady power', 'Televisions and home theatres', 'Installation across the city'],
      products: [
        { name: '43-inch LED TV', price: 280000 },
        { name: 'Solar panel, 200 W', price: 95000 },
        { name: 'Standing fan', price: 38000 },
        { name: 'Rechargeable lamp', price: 9000 },
        { name: 'Inverter, 3.5 kVA', price: 420000 },
      ],
    },
  },
  {
    weight: 6,
    value: {
      name: 'Pharmacy',
      nouns: ['Pharmacy', 'Chemist', 'Medicine Store', 'Health'],
      tags: ['drugs', 'malaria test', 'baby care', 'blood pressure'],
      phrases: ['Registered pharmacist on duty', 'Malaria tests and blood pressure checks', 'Open late every day'],
      products: [
        { name: 'Malaria test kit', price: 1500 },
        { name: 'Paracetamol, 100 tablets', price: 1800 },
        { name: 'Blood pressure monitor', price: 32000 },
        { name: 'Oral rehydration salts', price: 1250.5 },
      ],
    },
  },
  {
    weight: 6,
    value: {
      name: 'Tailoring',
      nouns: ['Tailors', 'Stitches', 'Fashion House', 'Designs'],
      tags: ['sewing', 'agbada', 'alterations', 'uniforms'],
      phrases: ['Made-to-measure for men and women', 'Alterations done in a day', 'School and office uniforms'],
      products: [
        { name: 'Agbada, sewing only', price: 35000 },
        { name: 'Trouser alteration', price: 2000 },
        { name: 'School uniform', price: 8500 },
        { name: 'Gown, sewing only', price: 15000 },
      ],
    },
  },
  {
    weight: 5,
    value: {
      name: 'Furniture',
      nouns: ['Furniture', 'Interiors', 'Woodworks', 'Home'],
      tags: ['sofa', 'bed', 'wardrobe', 'mattress', 'custom'],
      phrases: ['Solid wood made in our workshop', 'Mattresses and wardrobes for new homes', 'Custom sizes on order'],
      products: [
        { name: '3-seater sofa', price: 380000 },
        { name: 'Mattress, 6 by 6', price: 185000 },
        { name: 'Office chair', price: 65000 },
        { name: 'Plastic chairs, set of 10', price: 75000 },
      ],
    },
  },
  {
    weight: 4,
    value: {
      name: 'Books',
      nouns: ['Bookshop', 'Books', 'Stationery', 'Readers'],
      tags: ['textbooks', 'novels', 'waec', 'jamb', 'stationery'],
      phrases: ['Textbooks and past questions', 'New and second-hand novels', 'Photocopying and binding'],
      products: [
        { name: 'JAMB past questions', price: 3500 },
        { name: 'Exercise books, 12', price: 2400 },
        { name: 'Scientific calculator', price: 14500 },
        { name: 'Novel, paperback', price: 5500 },
      ],
    },
  },
  {
    weight: 3,
    value: {
      name: 'Auto Parts',
      nouns: ['Auto Parts', 'Motors', 'Spare Parts', 'Autos'],
      tags: ['spare parts', 'tyres', 'batteries', 'toyota'],
      phrases: ['Genuine and tokunbo parts', 'Tyres and batteries fitted', 'Parts for Toyota, Honda and Lexus'],
      products: [
        { name: 'Car battery', price: 65000 },
        { name: 'Tyre, 16 inch', price: 70000 },
        { name: 'Brake pads', price: 18000 },
        { name: 'Engine oil, 4 litres', price: 22000 },
      ],
    },
  },
];

export const OWNER_NAMES = [
  'Mama Nkechi',
  'Iya Bola',
  'Alhaji Musa',
  'Chief Okafor',
  'Blessing',
  'Emeka',
  'Fatima',
  'Tunde',
  'Ngozi',
  'Ibrahim',
  'Aisha',
  'Chinedu',
  'Funke',
  'Segun',
  'Amaka',
  'Bello',
  'Kemi',
  'Uche',
  'Hauwa',
  'Femi',
  'Zainab',
  'Obinna',
  'Yetunde',
  'Sani',
  'Chiamaka',
  'Gbenga',
  'Halima',
  'Ifeanyi',
  'Bisi',
  'Abubakar',
  'Ronke',
  'Nnamdi',
];

export const NAME_ENDINGS = ['Ventures', 'Enterprises', '& Sons', 'Global', 'Stores', 'Hub', 'Plus', 'Nigeria Ltd', 'Express', ''];

export const GENERAL_PHRASES = [
  'Delivery within the city',
  'Wholesale and retail',
  'Pay on delivery available',
  'Open Monday to Saturday',
  'Trusted by customers since 2015',
  'Call or WhatsApp to order',
  'Best prices in the market',
  'Family business',
];

/**
 * Unusual stock that about one shop in a thousand mentions: the "rare word" searches. Each is spelt so no
 * common word contains it, which would make the search match far more than it should.
 */
export const SPECIALTIES = [
  'saxophone',
  'taxidermy',
  'xylophone',
  'harpsichord',
  'telescope',
  'kayak',
  'accordion',
  'microscope',
  'chandelier',
  'trampoline',
  'sextant',
  'metronome',
  'gramophone',
  'typewriter',
  'hammock',
  'unicycle',
];

/** Reviews as buyers write them: short, and the same few things said many ways. */
export const REVIEWS = [
  'Good prices and the owner is honest.',
  'Fast delivery, everything as described.',
  'I have bought here three times, always correct.',
  'Nice people. They helped me choose.',
  'Price was fair but I waited long.',
  'Quality is good, I will come back.',
  'Customer service is top. Recommended!',
  'The item was smaller than the photo.',
  'Delivered to my office the same day.',
  'Very reliable, no wahala at all.',
  'Fresh and clean, well packaged.',
  'Not bad, but they did not pick my calls.',
];
