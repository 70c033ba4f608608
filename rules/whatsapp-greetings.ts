// WhatsApp's prefilled text, from a shop's page and from a product's: apart from MSG, which those pages' scripts need no more of.
export const shopGreeting = (shopName: string, shopUrl: string) => `Hello ${shopName}, I found your shop on Kasuwa: ${shopUrl}`;
export const productGreeting = (productName: string, price: string, productUrl: string) =>
  `Hello, I saw ${productName} (${price}) on Kasuwa: ${productUrl}. Is it available?`;
