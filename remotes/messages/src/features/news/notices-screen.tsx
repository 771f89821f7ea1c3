import { NewsList } from './news-list';

/** `/user/news`: notices. */
export default function NoticesScreen() {
  return <NewsList kind="notice" />;
}
