// The demo's legal pages, as a bank-offers app in the UAE would publish them: the terms
// (one version) and the privacy policy (two: the second adds location data and shortens how
// long contact messages are kept). Written in the markup the editor and the sanitizer keep
// (server/services/cmsSanitizer.ts).

const section = (title: string, ...paragraphs: string[]) =>
  `<h2>${title}</h2>${paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('')}`;
const list = (...items: string[]) => `<ul>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ul>`;
const mail = (address: string) => `<a href="mailto:${address}" rel="noopener noreferrer">${address}</a>`;

export const TERMS_V1 = [
  '<h1>Terms and Conditions</h1>',
  '<p><em>Effective from 1 March 2026.</em></p>',
  section(
    '1. About these terms',
    'These terms govern your use of the Cards &amp; Offers app (the <strong>App</strong>), operated by Cards &amp; Offers FZ-LLC, Dubai Internet City, Dubai, United Arab Emirates (<strong>we</strong>, <strong>us</strong>). By creating an account or using the App you accept them. If you do not accept them, please do not use the App.',
  ),
  section(
    '2. What the App does',
    'The App lists credit and debit cards issued by banks in the UAE and the offers merchants give to holders of those cards. We collect this information from the banks, from the merchants and from the banks’ public websites, and we check it before it is shown.',
    'We are not a bank and do not issue cards. Applying for a card happens with the bank, on its own terms. Whether you qualify for a card or an offer is decided by the bank or the merchant, not by us.',
  ),
  section(
    '3. Offers',
    list(
      'An offer is valid only between the dates shown, at the outlets listed, for the cards named, and under the conditions the merchant sets.',
      'Show the offer in the App and pay with an eligible card when you ask for it. Merchants may refuse an offer that is not asked for before the bill is settled.',
      'Offers cannot be exchanged for cash and, unless the offer says so, cannot be combined with other promotions, vouchers or loyalty discounts.',
      'Merchants may change or end an offer at short notice. We update the App as soon as we are told, but we cannot guarantee that every offer is available at every moment.',
    ),
  ),
  section(
    '4. Your account',
    'You must be at least 18 years old and a resident of the UAE to create an account. Keep your sign-in details to yourself; you are responsible for what is done with your account. Tell us at once at ' +
      mail('support@cardsoffers.ae') +
      ' if you think someone else has used it.',
  ),
  section(
    '5. Acceptable use',
    'You agree not to:',
    list(
      'copy, scrape or resell the offers or any other content of the App;',
      'interfere with the App or try to reach parts of it you were not given access to;',
      'use the App to mislead a merchant, for example by showing an offer for a card you do not hold.',
    ),
  ),
  section(
    '6. Liability',
    'We take care that the information in the App is accurate, but it is provided as it is. To the extent the law allows, we are not liable for a merchant refusing an offer, for the terms a bank sets for its cards, or for indirect losses. Nothing in these terms limits liability that cannot be limited under UAE law.',
  ),
  section(
    '7. Changes to these terms',
    'We may change these terms. When we make a material change we tell you in the App at least 14 days before it takes effect. If you keep using the App after that, the new terms apply.',
  ),
  section(
    '8. Law and disputes',
    'These terms are governed by the laws of the Emirate of Dubai and the federal laws of the UAE. The courts of Dubai have jurisdiction over any dispute arising from them.',
  ),
  section(
    '9. Contact',
    `Questions about these terms: ${mail('legal@cardsoffers.ae')}, or write to us from the Contact page of the App.`,
  ),
].join('');

const PRIVACY_WHO = section(
  '1. Who we are',
  'Cards &amp; Offers FZ-LLC, Dubai Internet City, Dubai, UAE, is the controller of the personal data processed through the App. We process personal data in line with Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data.',
);

const PRIVACY_DATA_V1 = section(
  '2. What we collect',
  list(
    '<strong>Account data</strong>: your name, e-mail address and mobile number.',
    '<strong>Cards you hold</strong>: the card products you add (never card numbers, expiry dates or security codes).',
    '<strong>Use of the App</strong>: the offers you view, save and redeem, and the feedback you give.',
    '<strong>Messages</strong>: what you write to us from the Contact page, and our replies.',
  ),
);

const PRIVACY_DATA_V2 = section(
  '2. What we collect',
  list(
    '<strong>Account data</strong>: your name, e-mail address and mobile number.',
    '<strong>Cards you hold</strong>: the card products you add (never card numbers, expiry dates or security codes).',
    '<strong>Use of the App</strong>: the offers you view, save and redeem, and the feedback you give.',
    '<strong>Location</strong>: only while the App is open, and only if you allow it, to show offers at outlets near you. Your location is not stored with your account.',
    '<strong>Messages</strong>: what you write to us from the Contact page, and our replies.',
  ),
);

const PRIVACY_USE = section(
  '3. How we use it',
  list(
    'to run your account and show you the offers for the cards you hold;',
    'to answer your messages and feedback;',
    'to send notifications about offers, if you turned them on (you can turn them off in Settings at any time);',
    'to understand, in aggregate, which offers people use, so banks and merchants can improve them. Banks and merchants never receive data that identifies you.',
  ),
);

const PRIVACY_SHARING = section(
  '4. Who we share it with',
  'We do not sell personal data. We share it only with service providers that host the App and send our e-mails and notifications, under contracts that oblige them to protect it, and with authorities where the law requires it.',
);

const retention = (messages: string) =>
  section(
    '5. How long we keep it',
    `We keep account data while your account is open and delete it within 30 days after you close it. Contact messages are kept for ${messages} after the conversation ends. Aggregated statistics that no longer identify anyone may be kept longer.`,
  );

const PRIVACY_RIGHTS = [
  section(
    '6. Your rights',
    'You may ask for a copy of your data, ask us to correct or delete it, object to its use for notifications, and withdraw consent you gave. Write to our data protection officer at ' +
      mail('privacy@cardsoffers.ae') +
      '. We answer within 30 days.',
  ),
  section(
    '7. Changes',
    'When we change this policy we show the new version in the App and, for material changes, tell you before they take effect.',
  ),
];

const effective = (day: string) => `<h1>Privacy Policy</h1><p><em>Effective from ${day}.</em></p>`;

export const PRIVACY_V1 = [
  effective('1 March 2026'),
  PRIVACY_WHO,
  PRIVACY_DATA_V1,
  PRIVACY_USE,
  PRIVACY_SHARING,
  retention('24 months'),
  ...PRIVACY_RIGHTS,
].join('');
export const PRIVACY_V2 = [
  effective('1 September 2026'),
  PRIVACY_WHO,
  PRIVACY_DATA_V2,
  PRIVACY_USE,
  PRIVACY_SHARING,
  retention('12 months'),
  ...PRIVACY_RIGHTS,
].join('');
