import { useEffect, useMemo, useState } from 'react';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { HomeVideo } from '@rigshare/api-schema';
import { useHomeVideoQuery, useVideoCarouselQuery } from './home-videos-api';
import { currentConnection, mayAutoplay } from './video-autoplay';

/**
 * A video as home shows it: its poster frame until the member presses play. Nothing of the video loads
 * before that (preload none); it starts by itself, muted, only where `mayAutoplay` allows.
 */
function PosterVideo({ video, autoplay, testId }: { video: HomeVideo; autoplay: boolean; testId: string }) {
  const { t } = useTranslation('shell');
  return (
    <figure className="home-video">
      <video
        className="home-video__player"
        src={video.videoUrl}
        poster={video.posterUrl}
        preload="none"
        playsInline
        controls
        autoPlay={autoplay}
        muted={autoplay}
        aria-label={video.title}
        data-testid={testId}
      >
        {t('home.videoUnsupported')}
      </video>
      <figcaption className="home-video__title">{video.title}</figcaption>
    </figure>
  );
}

/**
 * Home's video carousel and home video, below the products. Each is absent while it loads, when none is
 * published or when the read failed: home never shows an empty frame. Their reads start in a task of
 * their own after home's first render, not among the effects of that render (issue 58: home's
 * main-thread time).
 */
export function HomeVideos() {
  const { t } = useTranslation('shell');
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  const carousel = useVideoCarouselQuery(undefined, { skip: !started });
  const home = useHomeVideoQuery(undefined, { skip: !started });
  // Decided once per visit of home; a carousel's videos never start by themselves.
  const autoplay = useMemo(() => mayAutoplay(currentConnection()), []);
  const slides = carousel.data ?? [];
  const homeVideo = home.data ?? null;
  if (slides.length === 0 && !homeVideo) return null;
  return (
    <section className="home-section home-videos" aria-label={t('home.videos')} data-testid="home-videos">
      <h2 className="section-title">{t('home.videos')}</h2>
      {homeVideo && <PosterVideo video={homeVideo} autoplay={autoplay} testId="home-video" />}
      {slides.length > 0 && (
        <Swiper className="home-video-carousel" loop={false} indicator={slides.length > 1 ? undefined : () => null} data-testid="video-carousel">
          {slides.map((video) => (
            <Swiper.Item key={video.id}>
              <PosterVideo video={video} autoplay={false} testId="carousel-video" />
            </Swiper.Item>
          ))}
        </Swiper>
      )}
    </section>
  );
}
