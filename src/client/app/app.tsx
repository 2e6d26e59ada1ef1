import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App({ isKnownSignedOut = false }: { isKnownSignedOut?: boolean }) {
  return (
    <AppProvider isKnownSignedOut={isKnownSignedOut}>
      <AppRouter />
    </AppProvider>
  );
}
