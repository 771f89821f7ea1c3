import { NewsList } from './news-list';

/** `/news`: station news. */
export default function NewsScreen() {
  return <NewsList kind="news" />;
}
