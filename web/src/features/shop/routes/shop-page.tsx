import { useLocation, useNavigate } from 'react-router';
import { ShopScreen } from '../components/shop-screen';

/** The store pages inside the app's router (store.html runs ShopScreen without it). */
export function ShopPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <ShopScreen pathname={location.pathname} search={location.search} navigate={(to) => void navigate(to)} />
  );
}
