// The UAE's retail banks, as a reviewer would recognise them. Logos are simple SVG-free
// PNG monograms generated at seed time (see logo.ts), so the demo works offline.
export const UAE_BANKS = [
  { name: 'Emirates NBD', code: 'ENBD', website: 'https://www.emiratesnbd.com', color: [0, 56, 118] },
  { name: 'First Abu Dhabi Bank', code: 'FAB', website: 'https://www.bankfab.com', color: [0, 47, 108] },
  { name: 'Abu Dhabi Commercial Bank', code: 'ADCB', website: 'https://www.adcb.com', color: [206, 17, 38] },
  { name: 'Dubai Islamic Bank', code: 'DIB', website: 'https://www.dib.ae', color: [0, 122, 77] },
  { name: 'Mashreq', code: 'MASHREQ', website: 'https://www.mashreq.com', color: [255, 102, 0] },
  { name: 'Abu Dhabi Islamic Bank', code: 'ADIB', website: 'https://www.adib.ae', color: [0, 92, 169] },
  { name: 'Commercial Bank of Dubai', code: 'CBD', website: 'https://www.cbd.ae', color: [0, 133, 202] },
  { name: 'RAKBANK', code: 'RAK', website: 'https://www.rakbank.ae', color: [200, 16, 46] },
  { name: 'Emirates Islamic', code: 'EI', website: 'https://www.emiratesislamic.ae', color: [0, 105, 80] },
  { name: 'HSBC UAE', code: 'HSBC', website: 'https://www.hsbc.ae', color: [219, 0, 17] },
  { name: 'Citibank UAE', code: 'CITI', website: 'https://www.citibank.ae', color: [0, 61, 121] },
  { name: 'Standard Chartered UAE', code: 'SCB', website: 'https://www.sc.com/ae', color: [0, 114, 170] },
  { name: 'National Bank of Fujairah', code: 'NBF', website: 'https://nbf.ae', color: [0, 84, 147] },
  { name: 'Sharjah Islamic Bank', code: 'SIB', website: 'https://www.sib.ae', color: [0, 125, 70] },
  { name: 'Ajman Bank', code: 'AJMAN', website: 'https://www.ajmanbank.ae', color: [120, 30, 90] },
  { name: 'United Arab Bank', code: 'UAB', website: 'https://www.uab.ae', color: [190, 30, 45] },
  { name: 'Bank of Sharjah', code: 'BOS', website: 'https://www.bankofsharjah.com', color: [0, 70, 127] },
  { name: 'Al Hilal Bank', code: 'AHB', website: 'https://www.alhilalbank.ae', color: [0, 150, 136] },
  { name: 'Wio Bank', code: 'WIO', website: 'https://www.wio.io', color: [95, 37, 159] },
  { name: 'Liv.', code: 'LIV', website: 'https://www.liv.me', color: [236, 0, 140] },
] as const;
