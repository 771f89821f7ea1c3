import { useSearchParams } from 'react-router-dom';

/** The open tab of a screen with tabs, kept in the URL (?tab=) so a reload or a shared link keeps it; the first by default. */
export function useTab<T extends string>(tabs: readonly T[]): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((name) => name === params.get('tab')) ?? tabs[0];
  const select = (next: string) =>
    setParams(
      (current) => {
        current.set('tab', next);
        return current;
      },
      { replace: true },
    );
  return [tab, select];
}
