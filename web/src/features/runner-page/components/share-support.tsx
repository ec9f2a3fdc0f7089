import { sendPageEvent } from '@/lib/page-events';
import { theMarathon, type ProfileView } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast-context';
import { SendEncouragement } from './send-encouragement';
import { Section } from '@/components/ui/section';

/** Share links for browsers without the Web Share API. */
export function shareLinks(url: string, text: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return [
    { name: 'X', href: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}` },
    { name: 'Email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n\n${url}`)}` },
  ];
}

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * "Share this page" where the browser has a share sheet, otherwise "Copy link" and links to X,
 * Facebook, WhatsApp and e-mail. `onShared` hears of each share (the page's insights).
 */
export function ShareButtons({ url, text, onShared }: { url: string; text: string; onShared?: () => void }) {
  const { toast } = useToast();
  const [native] = useState(canShareNatively);
  const shared = () => onShared?.();

  const share = async () => {
    try {
      await navigator.share({ title: text, text, url });
      shared();
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast({ title: 'Could not share', description: 'Copy the address instead.', variant: 'destructive' });
      }
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      shared();
      toast({ title: 'Link copied', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return native ? (
    <Button variant="outline" className="w-full" onClick={share}>
      Share this page
    </Button>
  ) : (
    <>
      <Button variant="outline" className="w-full" onClick={copy}>
        Copy link
      </Button>
      <ul className="grid grid-cols-2 gap-2" aria-label="Share on">
        {shareLinks(url, text).map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={shared}
              className="flex h-10 items-center justify-center rounded-md border border-border text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {link.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Share the page and send the runner encouragement. */
export function ShareSupport({ profile }: { profile: ProfileView }) {
  const url = `${window.location.origin}/${profile.urlSlug}`;
  const text = `Support ${profile.name} running ${theMarathon(profile.marathonName)}`;

  const shared = () => sendPageEvent(profile, { type: 'share' });

  return (
    <Section title="Share & Support">
      <p className="text-muted-foreground">Every share brings {profile.name} closer to the goal.</p>
      <div className="mt-4 flex flex-col gap-3">
        <ShareButtons url={url} text={text} onShared={shared} />
        <SendEncouragement runnerProfileId={profile.id} runnerName={profile.name} />
      </div>
    </Section>
  );
}
