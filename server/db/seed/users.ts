// App users as Dubai's population would give them: Emirati and Arab, South Asian,
// Western and Filipino names; personal e-mail domains; UAE mobile numbers.
import type { Random } from './random';

const GROUPS: { weight: number; first: string[]; last: string[] }[] = [
  {
    weight: 30,
    first: [
      'Mohammed',
      'Ahmed',
      'Omar',
      'Khalid',
      'Saeed',
      'Rashid',
      'Hamdan',
      'Sultan',
      'Yousef',
      'Ali',
      'Hassan',
      'Abdullah',
      'Faisal',
      'Majid',
      'Tariq',
      'Fatima',
      'Aisha',
      'Mariam',
      'Noura',
      'Hessa',
      'Sara',
      'Latifa',
      'Reem',
      'Shamma',
      'Maitha',
      'Layla',
      'Dana',
      'Amna',
      'Rania',
      'Nadia',
    ],
    last: [
      'Al Mansoori',
      'Al Nuaimi',
      'Al Shamsi',
      'Al Mazrouei',
      'Al Ketbi',
      'Al Falasi',
      'Al Suwaidi',
      'Al Hashimi',
      'Al Marzooqi',
      'Al Zaabi',
      'Al Qasimi',
      'Al Mheiri',
      'Haddad',
      'Khoury',
      'Nasser',
      'Saleh',
      'Mahmoud',
      'El-Sayed',
      'Farouk',
      'Aziz',
      'Abboud',
      'Hijazi',
    ],
  },
  {
    weight: 35,
    first: [
      'Rahul',
      'Priya',
      'Arjun',
      'Ananya',
      'Vikram',
      'Sneha',
      'Rohan',
      'Imran',
      'Ayesha',
      'Sanjay',
      'Deepa',
      'Karthik',
      'Lakshmi',
      'Nikhil',
      'Pooja',
      'Zain',
      'Hira',
      'Bilal',
      'Sana',
      'Rajesh',
      'Meera',
      'Arun',
      'Divya',
      'Farhan',
      'Nusrat',
    ],
    last: [
      'Sharma',
      'Patel',
      'Nair',
      'Menon',
      'Iyer',
      'Reddy',
      'Khan',
      'Qureshi',
      'Siddiqui',
      'Pillai',
      'Kapoor',
      'Gupta',
      'Chowdhury',
      'Rahman',
      'Fernandes',
      "D'Souza",
      'Malik',
      'Hussain',
      'Thomas',
      'Varghese',
      'Joshi',
      'Perera',
    ],
  },
  {
    weight: 20,
    first: [
      'James',
      'Oliver',
      'Emma',
      'Sophie',
      'Daniel',
      'Charlotte',
      'Thomas',
      'Lucy',
      'Matthew',
      'Hannah',
      'William',
      'Olivia',
      'Jack',
      'Grace',
      'Michael',
      'Sarah',
      'David',
      'Laura',
      'Lukas',
      'Anna',
      'Chloé',
      'Zoë',
      'Mateo',
      'Élodie',
    ],
    last: [
      'Smith',
      'Taylor',
      'Brown',
      'Wilson',
      'Clarke',
      'Walker',
      'Hughes',
      'Murphy',
      "O'Brien",
      'Müller',
      'Schmidt',
      'Rossi',
      'Dubois',
      'Johnson',
      'Evans',
      'Campbell',
      'Novak',
      'Jansen',
      'García',
      'Martin',
      'Kowalski',
      'Lefèvre',
    ],
  },
  {
    weight: 15,
    first: [
      'Maria',
      'Jose',
      'Angelica',
      'Mark',
      'Kristine',
      'John Paul',
      'Joy',
      'Ramon',
      'Liza',
      'Carlo',
      'Jasmine',
      'Paolo',
      'Rowena',
      'Mary Grace',
      'Jericho',
      'Aileen',
      'Rhea',
      'Jonas',
    ],
    last: [
      'Santos',
      'Reyes',
      'Cruz',
      'Bautista',
      'Dela Cruz',
      'Garcia',
      'Mendoza',
      'Villanueva',
      'Ramos',
      'Aquino',
      'Castillo',
      'Fernandez',
      'Navarro',
      'Torres',
      'Gonzales',
      'Manalo',
    ],
  },
];

const DOMAINS: [string, number][] = [
  ['gmail.com', 45],
  ['outlook.com', 15],
  ['hotmail.com', 15],
  ['yahoo.com', 10],
  ['icloud.com', 10],
  ['proton.me', 5],
];
const MOBILE_PREFIXES = ['50', '52', '54', '55', '56', '58'];

interface SeedUser {
  name: string;
  email: string;
  phone: string;
  status: 'active' | 'disabled';
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export function generateUsers(rnd: Random, count: number): SeedUser[] {
  const taken = new Set<string>();
  const out: SeedUser[] = [];
  while (out.length < count) {
    const g = rnd.weighted(GROUPS, (x) => x.weight);
    const first = rnd.pick(g.first);
    const last = rnd.pick(g.last);
    const name = `${first} ${last}`;
    const [domain] = rnd.weighted(DOMAINS, ([, w]) => w);
    const style = rnd.int(0, 3);
    let local =
      style === 0
        ? `${slug(first)}.${slug(last)}`
        : style === 1
          ? `${slug(first)}${slug(last)}${rnd.int(1, 99)}`
          : style === 2
            ? `${slug(first)}.${slug(last)}${rnd.int(80, 99)}`
            : `${slug(first).charAt(0)}${slug(last)}`;
    while (taken.has(`${local}@${domain}`)) local += rnd.int(0, 9);
    taken.add(`${local}@${domain}`);
    const phone = `+971 ${rnd.pick(MOBILE_PREFIXES)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
    out.push({ name, email: `${local}@${domain}`, phone, status: rnd.chance(0.04) ? 'disabled' : 'active' });
  }
  return out;
}
