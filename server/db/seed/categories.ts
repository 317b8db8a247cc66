// Offer and merchant categories, as the consumer app groups them.
export const CATEGORIES = [
  { name: 'Dining', description: 'Restaurants, cafés, bakeries and delivery across Dubai.' },
  { name: 'Shopping', description: 'Department stores, home, beauty and gift retailers.' },
  { name: 'Travel', description: 'Flights, holidays, car rental, airport lounges and duty free.' },
  { name: 'Entertainment', description: 'Cinemas, theme parks, attractions and family fun centres.' },
  { name: 'Health & Wellness', description: 'Gyms, studios, spas, salons, clinics and pharmacies.' },
  { name: 'Groceries', description: 'Supermarkets, hypermarkets and neighbourhood grocers.' },
  { name: 'Fuel', description: 'Petrol stations, car wash and on-the-go convenience stores.' },
  { name: 'Electronics', description: 'Phones, computers, gaming and home appliances.' },
  { name: 'Fashion', description: 'Clothing, footwear, sportswear and accessories.' },
  { name: 'Hotels & Staycations', description: 'Hotel stays, resorts, brunches and staycation packages.' },
] as const;
export type CategoryName = (typeof CATEGORIES)[number]['name'];
