// UAE card products, by issuing bank (codes from banks.ts). Fees are yearly, in AED,
// VAT included; min_salary is the monthly salary the bank asks for (null for debit cards).
import type { CategoryName } from './categories';
import type { NetworkName } from './networks';

export interface SeedCard {
  bank: string;
  name: string;
  network: NetworkName;
  type?: 'credit' | 'debit';
  fee: number;
  salary: number | null;
  category: CategoryName | null;
  description: string;
  discontinued?: true;
}

export const CARDS: readonly SeedCard[] = [
  // Emirates NBD
  { bank: 'ENBD', name: 'Skywards Infinite Credit Card', network: 'Visa', fee: 1575, salary: 30000, category: 'Travel', description: 'Earn up to 2 Skywards Miles per USD spent, with a Skywards Silver tier and unlimited airport lounge access.' },
  { bank: 'ENBD', name: 'Skywards Signature Credit Card', network: 'Visa', fee: 735, salary: 15000, category: 'Travel', description: 'Skywards Miles on every purchase, bonus miles on Emirates tickets and discounted airport lounge visits.' },
  { bank: 'ENBD', name: 'Marriott Bonvoy World Elite Credit Card', network: 'Mastercard', fee: 1575, salary: 30000, category: 'Hotels & Staycations', description: 'Marriott Bonvoy points on all spend, a free night award every year and automatic Gold Elite status.' },
  { bank: 'ENBD', name: 'Duo Credit Card', network: 'Diners Club International', fee: 0, salary: 15000, category: 'Shopping', description: 'Two cards in one: a Diners Club card for cashback on dining and groceries, and a Mastercard for everyday acceptance.' },
  { bank: 'ENBD', name: 'dnata World Credit Card', network: 'Mastercard', fee: 1050, salary: 25000, category: 'Travel', description: 'Up to 4% back as dnata Travel credit, on holidays, flights and hotel bookings worldwide.' },
  { bank: 'ENBD', name: 'Go4it Platinum Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Entertainment', description: 'No annual fee, cinema ticket discounts and Buy 1 Get 1 offers across Dubai attractions.' },
  { bank: 'ENBD', name: 'Manchester United Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Entertainment', description: 'Rewards for Manchester United fans: official merchandise discounts and match-day experiences.' },
  { bank: 'ENBD', name: 'U By Emaar Infinite Credit Card', network: 'Visa', fee: 1575, salary: 30000, category: 'Shopping', description: 'Up to 10% back in U By Emaar points at Dubai Mall, Emaar hotels, Reel Cinemas and At the Top.' },
  { bank: 'ENBD', name: 'U By Emaar Signature Credit Card', network: 'Visa', fee: 525, salary: 15000, category: 'Shopping', description: 'U By Emaar points on Emaar destinations and everyday spend, redeemable across Dubai Mall.' },
  { bank: 'ENBD', name: 'Lulu 247 Platinum Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Groceries', description: 'Up to 7% back in Lulu points at Lulu Hypermarkets, free for life.' },
  { bank: 'ENBD', name: 'UnionPay Platinum Credit Card', network: 'UnionPay', fee: 0, salary: 8000, category: 'Travel', description: 'Wide acceptance in China and Asia, with no foreign exchange fee on UnionPay transactions.' },
  { bank: 'ENBD', name: 'Visa Platinum Debit Card', network: 'Visa', type: 'debit', fee: 0, salary: null, category: null, description: 'Contactless debit card linked to your current or savings account.' },
  { bank: 'ENBD', name: 'Webshopper Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'A card for online shopping with a separate, lower credit limit.', discontinued: true },
  // First Abu Dhabi Bank
  { bank: 'FAB', name: 'Cashback Credit Card', network: 'Mastercard', fee: 315, salary: 8000, category: 'Shopping', description: 'Up to 5% cashback on dining, groceries and online shopping, credited every month.' },
  { bank: 'FAB', name: 'Etihad Guest Infinite Credit Card', network: 'Visa', fee: 2100, salary: 30000, category: 'Travel', description: 'Etihad Guest Miles on every spend, Gold tier status and a companion ticket each year.' },
  { bank: 'FAB', name: 'Etihad Guest Signature Credit Card', network: 'Visa', fee: 1050, salary: 15000, category: 'Travel', description: 'Etihad Guest Miles on all purchases and bonus miles on Etihad flights.' },
  { bank: 'FAB', name: 'Elite Credit Card', network: 'Visa', fee: 1575, salary: 30000, category: 'Travel', description: 'FAB Rewards on every spend, unlimited lounge access and complimentary golf and valet.' },
  { bank: 'FAB', name: 'Rewards Platinum Credit Card', network: 'Visa', fee: 0, salary: 8000, category: 'Dining', description: 'FAB Rewards points on every dirham, with dining and cinema offers all year.' },
  { bank: 'FAB', name: 'Visa Debit Card', network: 'Visa', type: 'debit', fee: 0, salary: null, category: null, description: 'Everyday debit card with contactless payments and FAB Rewards on eligible spend.' },
  // Abu Dhabi Commercial Bank
  { bank: 'ADCB', name: 'TouchPoints Platinum Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'Earn TouchPoints on every spend and redeem them instantly at partner merchants.' },
  { bank: 'ADCB', name: 'TouchPoints Infinite Credit Card', network: 'Visa', fee: 1050, salary: 25000, category: 'Travel', description: 'Accelerated TouchPoints, airport lounge access and complimentary golf.' },
  { bank: 'ADCB', name: 'Traveller Credit Card', network: 'Mastercard', fee: 1050, salary: 15000, category: 'Travel', description: 'Up to 3 TouchPoints per AED on travel, airlines and hotel spend, with lounge access.' },
  { bank: 'ADCB', name: '365 Cashback Credit Card', network: 'Mastercard', fee: 367.5, salary: 8000, category: 'Dining', description: 'Up to 6% cashback on dining, 5% on groceries and utilities, plus cinema offers.' },
  { bank: 'ADCB', name: 'Lulu Platinum Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Groceries', description: 'Lulu points on every spend and extra points at Lulu Hypermarkets.' },
  { bank: 'ADCB', name: 'Betaqti Credit Card', network: 'Visa', fee: 0, salary: 5000, category: null, description: 'A simple card for UAE nationals with a low monthly rate.', discontinued: true },
  // Mashreq
  { bank: 'MASHREQ', name: 'Cashback Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Shopping', description: 'Up to 5% cashback on dining, groceries and fuel, with no annual fee for life.' },
  { bank: 'MASHREQ', name: 'Solitaire Credit Card', network: 'Mastercard', fee: 1575, salary: 30000, category: 'Travel', description: 'Salaam points on every spend, unlimited lounge access and complimentary airport transfers.' },
  { bank: 'MASHREQ', name: 'noon Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'Up to 10% back on noon, noon Food and noon Minutes, paid as noon credits.' },
  { bank: 'MASHREQ', name: 'Platinum Plus Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Dining', description: 'Buy 1 Get 1 offers on dining and movie tickets across the UAE.' },
  { bank: 'MASHREQ', name: 'Neo Visa Debit Card', network: 'Visa', type: 'debit', fee: 0, salary: null, category: null, description: 'The debit card of Mashreq Neo, the digital bank account with no minimum balance.' },
  // Dubai Islamic Bank
  { bank: 'DIB', name: 'Prime Infinite Credit Card', network: 'Visa', fee: 1050, salary: 30000, category: 'Travel', description: 'Sharia-compliant card with Skywards Miles, lounge access and travel insurance.' },
  { bank: 'DIB', name: 'Prime Signature Credit Card', network: 'Visa', fee: 735, salary: 15000, category: 'Shopping', description: 'Sharia-compliant rewards on every purchase and golf privileges.' },
  { bank: 'DIB', name: 'SNOOR Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'A card for young professionals: cashback on online shopping, delivery and streaming.' },
  { bank: 'DIB', name: 'Johara Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Fashion', description: 'A card for women, with discounts at fashion, beauty and wellness partners.' },
  // RAKBANK
  { bank: 'RAK', name: 'Titanium Credit Card', network: 'Mastercard', fee: 0, salary: 7500, category: 'Fuel', description: 'Cashback on fuel, groceries and utility bills with no annual fee.' },
  { bank: 'RAK', name: 'World Credit Card', network: 'Mastercard', fee: 1050, salary: 25000, category: 'Travel', description: 'Up to 2.5% cashback on international spend, lounge access and valet parking.' },
  { bank: 'RAK', name: 'Red Credit Card', network: 'Mastercard', fee: 315, salary: 8000, category: 'Entertainment', description: 'Rewards on dining, entertainment and online spend, redeemable for cash.' },
  // HSBC
  { bank: 'HSBC', name: 'Cashback Credit Card', network: 'Visa', fee: 315, salary: 10000, category: 'Shopping', description: 'Up to 10% cashback on dining, groceries and online spend in the first months, then 1% unlimited.' },
  { bank: 'HSBC', name: 'Zero Credit Card', network: 'Visa', fee: 0, salary: 5000, category: null, description: 'No annual fee, no foreign exchange fee and no late payment fee.' },
  { bank: 'HSBC', name: 'Premier Credit Card', network: 'Mastercard', fee: 0, salary: 25000, category: 'Travel', description: 'For HSBC Premier customers: Reward points, unlimited lounge access and travel insurance.' },
  { bank: 'HSBC', name: 'Live+ Credit Card', network: 'Visa', fee: 315, salary: 10000, category: 'Dining', description: 'Up to 6% cashback on dining, entertainment and food delivery.' },
  { bank: 'HSBC', name: 'Advance Credit Card', network: 'Visa', fee: 0, salary: 15000, category: null, description: 'For HSBC Advance customers: rewards on everyday spend and airport lounge access.' },
  { bank: 'HSBC', name: 'Platinum Select Credit Card', network: 'Visa', fee: 0, salary: 8000, category: 'Dining', description: 'Reward points and dining privileges across the UAE.', discontinued: true },
  // Citibank
  { bank: 'CITI', name: 'Citi Prestige Credit Card', network: 'Mastercard', fee: 2625, salary: 30000, category: 'Travel', description: 'Citi ThankYou points, a fourth night free at any hotel and unlimited lounge access.' },
  { bank: 'CITI', name: 'Citi Premier Credit Card', network: 'Mastercard', fee: 735, salary: 15000, category: 'Travel', description: 'Citi ThankYou points on travel, dining and entertainment, with lounge access.' },
  { bank: 'CITI', name: 'Citi Rewards Credit Card', network: 'Mastercard', fee: 315, salary: 8000, category: 'Shopping', description: 'Bonus ThankYou points at department stores and on online shopping.' },
  { bank: 'CITI', name: 'Citi Cashback Credit Card', network: 'Mastercard', fee: 315, salary: 8000, category: 'Shopping', description: 'Cashback on international and local spend.', discontinued: true },
  // Emirates Islamic
  { bank: 'EI', name: 'Flex Elite Credit Card', network: 'Visa', fee: 1050, salary: 25000, category: 'Travel', description: 'Choose your rewards: Skywards Miles or cashback, with lounge access and golf.' },
  { bank: 'EI', name: 'Cashback Plus Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'Up to 10% cashback on dining, groceries and school fees, Sharia-compliant.' },
  { bank: 'EI', name: 'Switch Cashback Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Dining', description: 'Switch your cashback category every month: dining, shopping or travel.' },
  { bank: 'EI', name: 'RTA Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Fuel', description: 'Cashback on Salik, Nol top-ups, RTA fines and fuel.' },
  // Abu Dhabi Islamic Bank
  { bank: 'ADIB', name: 'Cashback Visa Platinum Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'Sharia-compliant cashback on every purchase, with no annual fee.' },
  { bank: 'ADIB', name: 'Etihad Guest Visa Infinite Card', network: 'Visa', fee: 1575, salary: 30000, category: 'Travel', description: 'Etihad Guest Miles on all spend and complimentary Etihad Guest Silver tier.' },
  { bank: 'ADIB', name: 'Booking.com Visa Signature Card', network: 'Visa', fee: 525, salary: 12000, category: 'Hotels & Staycations', description: 'Up to 8% back on Booking.com stays and rewards on all other spend.' },
  // Commercial Bank of Dubai
  { bank: 'CBD', name: 'Super Saver Credit Card', network: 'Mastercard', fee: 0, salary: 7500, category: 'Groceries', description: 'Cashback on groceries, fuel and utility bills, with no annual fee.' },
  { bank: 'CBD', name: 'Visa Infinite Credit Card', network: 'Visa', fee: 1050, salary: 25000, category: 'Travel', description: 'Rewards on international spend, lounge access and complimentary travel insurance.' },
  { bank: 'CBD', name: 'One Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Shopping', description: 'Cashback on every purchase, free for life.' },
  // Standard Chartered
  { bank: 'SCB', name: 'Simply Cash Credit Card', network: 'Visa', fee: 0, salary: 8000, category: 'Shopping', description: 'Unlimited cashback on every purchase, with no caps and no annual fee.' },
  { bank: 'SCB', name: 'Priority Visa Infinite Credit Card', network: 'Visa', fee: 0, salary: 30000, category: 'Travel', description: 'For Priority Banking clients: 360° Rewards, lounge access and airport transfers.' },
  // Liv.
  { bank: 'LIV', name: 'Liv. Credit Card', network: 'Visa', fee: 0, salary: 5000, category: 'Dining', description: 'A digital-first card with cashback on dining, entertainment and subscriptions.' },
  { bank: 'LIV', name: 'Liv. Debit Card', network: 'Visa', type: 'debit', fee: 0, salary: null, category: null, description: 'The debit card of the Liv. account, managed entirely from the app.' },
  // Wio
  { bank: 'WIO', name: 'Wio Credit Card', network: 'Mastercard', fee: 0, salary: 5000, category: 'Shopping', description: 'Cashback on everyday spend, with no annual fee and instant card controls.' },
  { bank: 'WIO', name: 'Wio Personal Debit Card', network: 'Visa', type: 'debit', fee: 0, salary: null, category: null, description: 'The debit card of Wio Personal, with multi-currency spending.' },
];
