// What app users write to support and say about offers and cards, for the demo seed
// (./content.ts): contact topics with the replies support sends, and feedback comments by
// rating. {merchant}, {offer}, {card} and {bank} are filled from the seeded catalogue.

interface Topic {
  weight: number;
  subjects: string[];
  messages: string[];
  replies: string[];
}

export const TOPICS: Topic[] = [
  {
    weight: 22,
    subjects: [
      'Offer refused at {merchant}',
      'Merchant did not accept the offer',
      'Discount not applied at {merchant}',
    ],
    messages: [
      'Hi, I went to {merchant} yesterday evening and showed the offer "{offer}" with my {card}. The cashier said they do not know about it and charged the full bill. Can you check if the offer is still valid?',
      'The staff at {merchant} told me the offer ended last month, but the app still shows it as valid until the end of the year. Which one is correct?',
      'Tried to use "{offer}" today. They said it only works on weekdays, but the app does not mention this anywhere. Please update the terms.',
      'The offer at {merchant} was refused because I paid with Apple Pay instead of the physical {card}. Is that a rule of the offer?',
    ],
    replies: [
      'Thank you for letting us know. We contacted {merchant} and they confirmed the offer is valid; their staff have been briefed. Please show the offer before paying next time and let us know if it happens again.',
      'Sorry about this. {bank} confirmed the offer ended early at this merchant. We have removed it from the app and passed your case to the bank, who may refund the difference.',
      'Thanks for the report. The offer is valid from Sunday to Thursday only; we have added this to the offer terms in the app.',
    ],
  },
  {
    weight: 16,
    subjects: ['My card is not in the list', 'Cannot find {card}', 'Please add my credit card'],
    messages: [
      'I hold the {card} from {bank} but I cannot find it when I add my cards. Will it be added soon?',
      'My bank just upgraded me to a new card and the app only shows the old name. How do I update it?',
      'Please add the new cards from {bank}, none of the 2026 cards are in the app yet.',
    ],
    replies: [
      'Thanks for asking. The {card} is now in the app; pull down on the Cards screen to refresh and add it.',
      'We are adding the new {bank} cards this week together with their offers. We will send you a notification when they are live.',
    ],
  },
  {
    weight: 12,
    subjects: ['Cannot sign in', 'OTP code not received', 'Login problem'],
    messages: [
      'I am not receiving the verification code by e-mail when I try to sign in. I checked the spam folder too.',
      'The app logs me out every time I close it. I am on the latest version on iPhone.',
      'I changed my phone and now I cannot sign in with my old e-mail address. Can you help me get my account back?',
    ],
    replies: [
      'Sorry for the trouble. Our e-mail provider had a delay this morning; codes are arriving again. Please try once more and tell us if it still does not work.',
      'Thanks for the details. We have fixed this in version 3.4.2, which is now in the App Store. Please update and sign in again.',
    ],
  },
  {
    weight: 9,
    subjects: ['Delete my account', 'Account deletion request', 'Remove my data'],
    messages: [
      'Please delete my account and all the data you hold about me.',
      'I no longer use the app. How can I close my account? I could not find the option in Settings.',
    ],
    replies: [
      'Your account has been closed and your data will be deleted within 30 days, as our privacy policy says. Thank you for having used the app.',
      'You can close your account in Settings › Account › Close account. We have also started the deletion for you; it completes within 30 days.',
    ],
  },
  {
    weight: 10,
    subjects: ['Partnership enquiry', 'List our offers in your app', 'Merchant partnership'],
    messages: [
      'Hello, we run {merchant} and already have a promotion with {bank} cardholders. How can we get it listed in your app?',
      'We are opening three new branches in Dubai next quarter and would like to offer a discount to your users. Who should we talk to?',
    ],
    replies: [
      'Thank you for your interest. Offers in the app come from the card issuers; please ask your contact at {bank} to include your promotion in their feed and we will list it automatically.',
      'Thanks for reaching out. Our partnerships team will contact you this week to discuss the details.',
    ],
  },
  {
    weight: 11,
    subjects: ['App crashes on Android', 'Map not loading', 'Bug report'],
    messages: [
      'The app closes as soon as I open the Offers tab. Samsung Galaxy S23, Android 14.',
      'The map of nearby outlets stays blank. Location permission is on.',
      'When I save an offer it disappears from my saved list after a day.',
    ],
    replies: [
      'Thank you for the report. We found the cause and released a fix in version 3.4.1; please update from the Play Store.',
      'Thanks, we could reproduce this and the fix is in the next release, due next week.',
    ],
  },
  {
    weight: 10,
    subjects: ['Wrong outlet address', 'Outlet closed', 'Wrong location for {merchant}'],
    messages: [
      'The {merchant} outlet shown in the app has closed, there is a different shop there now.',
      'The pin for {merchant} is on the wrong side of the mall. It took me 20 minutes to find it.',
    ],
    replies: [
      'Thanks for telling us. We have removed the closed outlet and checked the other branches of {merchant}.',
      'Thank you, the location is corrected now.',
    ],
  },
  {
    weight: 10,
    subjects: ['Suggestion', 'Feature request', 'Idea for the app'],
    messages: [
      'It would be great to filter offers by the cards I hold only, I see many offers I cannot use.',
      'Could you add a reminder before a saved offer expires?',
      'Please add Arabic language support.',
    ],
    replies: [
      'Thank you for the suggestion. Filtering by your own cards is on our plan for the next months.',
      'Great idea, thank you. We have passed it to our product team.',
    ],
  },
];

/** Comments by rating, about an offer. */
export const OFFER_COMMENTS: Record<number, string[]> = {
  5: [
    'Got the discount at {merchant} without any questions, the staff knew the offer.',
    'Excellent offer, saved more than 100 dirhams on our family dinner.',
    'Worked perfectly with my {card}. Will use it again.',
    'Easy to redeem, just showed the app at the counter.',
  ],
  4: [
    'Good offer, but the waiter had to ask the manager first.',
    'Nice discount, although it is not valid on weekends.',
    'Worth it. The app could show the exact terms more clearly.',
  ],
  3: [
    'The offer worked but only on selected items, which the app did not say.',
    'Average. The discount is small compared with other cards.',
    'Had to wait a while before they applied it.',
  ],
  2: [
    'The outlet in the app is closed, had to go to another branch.',
    'They applied the discount only after I insisted.',
    'Minimum spend is much higher than shown.',
  ],
  1: [
    '{merchant} refused the offer, said it ended last month.',
    'Not accepted with my {card} even though the app lists it.',
    'Waste of time, the branch does not take part in this offer.',
  ],
};

/** Comments by rating, about a card. */
export const CARD_COMMENTS: Record<number, string[]> = {
  5: [
    'Best cashback card I have had, the grocery cashback adds up.',
    'Great card for dining offers, I use it every weekend.',
    'Lounge access and the movie offers make it worth the fee.',
  ],
  4: ['Good card, but the annual fee is a bit high.', 'Many offers, though some need a minimum spend.'],
  3: ['Fine for daily use, nothing special.', 'The offers are good but the app shows some that ended.'],
  2: ['Few offers for this card compared to others from {bank}.', 'The cashback caps are too low.'],
  1: [
    '{bank} changed the benefits without telling anyone.',
    'Hardly any of the listed offers are accepted with this card.',
  ],
};

/** Fill {merchant}, {offer}, {card} and {bank}. */
export const fill = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
