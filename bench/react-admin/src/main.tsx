// The baseline's whole app: react-admin's own getting-started shape, one resource listed
// with ListGuesser over fake REST data held in the page (no server of its own).
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource } from 'react-admin';
import fakeDataProvider from 'ra-data-fakerest';

const dataProvider = fakeDataProvider({
  offers: [
    { id: 1, title: '20% off at Dubai Mall outlets', bank: 'Emirates NBD', live: true },
    { id: 2, title: 'Buy one get one free cinema tickets', bank: 'ADCB', live: true },
    { id: 3, title: '10% cashback on groceries', bank: 'Mashreq', live: false },
  ],
});

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider}>
    <Resource name="offers" list={ListGuesser} />
  </Admin>,
);
