import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Button } from "../../ui/Button";
import { useElement } from "../../ui/context";
import type { TimelineEntry } from "../../contract/service-request";
import { getMedia } from "./service-request-api";

/**
 * A message's photos as thumbnails, each a link that opens the photo, and its video to play. They
 * are the account's: read with its session (an image's address alone would carry none) and shown
 * from `blob:` addresses, which the page's policy allows (PAGE_PREVIEW_SOURCES).
 */
export function TimelineMedia({ entry }: { entry: TimelineEntry }) {
  const { t } = useLingui();
  if (entry.photos.length === 0 && !entry.video) return null;
  return (
    <ul className="service-requests__media" aria-label={t`Photos and video of this message`}>
      {entry.photos.map((photo, i) => (
        <li key={photo.id}>
          <Thumbnail url={photo.url} label={t`Photo ${i + 1}, opens in a new tab`} />
        </li>
      ))}
      {entry.video && (
        <li className="service-requests__video">
          <Video url={entry.video.url} />
        </li>
      )}
    </ul>
  );
}

/** The media at `url` as a `blob:` address while shown (null while it loads), or "failed". */
function useMedia(url: string, wanted = true): string | null | "failed" {
  const { request } = useElement();
  const [src, setSrc] = useState<string | null | "failed">(null);
  useEffect(() => {
    if (!wanted) return;
    const reading = new AbortController();
    let made: string | null = null;
    getMedia(request, url, reading.signal).then(
      (blob) => setSrc((made = URL.createObjectURL(blob))),
      () => !reading.signal.aborted && setSrc("failed"),
    );
    return () => {
      reading.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [request, url, wanted]);
  return src;
}

function Thumbnail({ url, label }: { url: string; label: string }) {
  const { t } = useLingui();
  const src = useMedia(url);
  if (src === "failed") return <span className="service-requests__thumb">{t`This photo cannot be shown.`}</span>;
  if (src === null) return <span className="service-requests__thumb" role="img" aria-label={label} aria-busy="true" />;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      <img src={src} alt={label} className="service-requests__thumb" />
    </a>
  );
}

/** The video is read only when asked for (up to 30 MB). */
function Video({ url }: { url: string }) {
  const { t } = useLingui();
  const [asked, setAsked] = useState(false);
  const src = useMedia(url, asked);
  if (!asked) {
    return (
      <Button variant="secondary" onClick={() => setAsked(true)}>
        {t`Play the video`}
      </Button>
    );
  }
  if (src === "failed") return <span>{t`This video cannot be played.`}</span>;
  if (src === null) return <span aria-busy="true">{t`Loading the video`}</span>;
  return <video src={src} controls autoPlay playsInline aria-label={t`Video of this message`} />;
}
