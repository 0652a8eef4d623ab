import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TAG_MENU_WIDTH } from '../config.ts';
import type { Lang } from '../i18n/index.ts';
import { normalizePath } from '../router/guard.ts';
import { routeTitle } from '../router/titles.ts';
import { useSession } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';
import { nextPathAfterClose, useTags } from '../stores/tags.ts';

interface MenuState {
  x: number;
  y: number;
  path: string;
}

/** The tag bar of open views: titles follow the language; right-click for the context menu. */
export function TagsView({
  onRefresh,
  onForget,
}: {
  onRefresh: (path: string) => void;
  onForget: (paths: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = normalizePath(pathname);
  const menus = useSession((s) => s.menus);
  const theme = useSettings((s) => s.theme);
  const { views, closeView, closeOthers, closeAll } = useTags();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const strip = useRef<HTMLDivElement>(null);

  // The active tag is always in sight, however many are open (the strip scrolls, never the page);
  // asked again when a tag opens, as the new one may be the active one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: views.length is when the strip changes
  useEffect(() => {
    const box = strip.current;
    const tag = box?.querySelector<HTMLElement>(`[data-path="${CSS.escape(active)}"]`);
    if (!box || !tag) return;
    const left = tag.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft) box.scrollLeft = left;
    else if (left + tag.offsetWidth > box.scrollLeft + box.clientWidth)
      box.scrollLeft = left + tag.offsetWidth - box.clientWidth;
  }, [active, views.length]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    return () => window.removeEventListener('click', close);
  }, [menu]);

  const forgetMissing = (left: string[]) =>
    onForget(views.map((v) => v.path).filter((p) => !left.includes(p)));

  const close = (path: string) => {
    const left = closeView(path);
    forgetMissing(left.map((v) => v.path));
    if (path === active) void navigate(nextPathAfterClose(left));
  };
  const others = (path: string) => {
    const left = closeOthers(path);
    forgetMissing(left.map((v) => v.path));
    if (path !== active) void navigate(path);
  };
  const all = () => {
    const left = closeAll();
    forgetMissing(left.map((v) => v.path));
    void navigate(nextPathAfterClose(left));
  };

  const actions: { key: string; label: string; run: (path: string) => void; hidden?: boolean }[] = [
    { key: 'refresh', label: t('tags.refresh'), run: onRefresh },
    {
      key: 'close',
      label: t('tags.close'),
      run: close,
      hidden: views.find((v) => v.path === menu?.path)?.affix,
    },
    { key: 'closeOthers', label: t('tags.closeOthers'), run: others },
    { key: 'closeAll', label: t('tags.closeAll'), run: all },
  ];

  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-scroll" ref={strip} data-testid="tags-scroll">
        {views.map((v) => {
          const isActive = v.path === active;
          return (
            <span
              key={v.path}
              role="tab"
              tabIndex={0}
              aria-selected={isActive}
              data-testid="tag"
              data-path={v.path}
              className={`tag-item${isActive ? ' active' : ''}`}
              style={isActive ? { background: theme, borderColor: theme } : undefined}
              onClick={() => void navigate(v.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(v.fullPath);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ x: e.clientX, y: e.clientY, path: v.path });
              }}
            >
              {routeTitle(v.path, menus, lang, t)}
              {!v.affix && (
                <CloseOutlined
                  className="tag-close"
                  aria-label={t('tags.close')}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(v.path);
                  }}
                />
              )}
            </span>
          );
        })}
      </div>
      {menu && (
        <div
          className="tags-menu"
          role="menu"
          data-testid="tags-menu"
          style={{ left: menu.x, top: menu.y, width: TAG_MENU_WIDTH }}
        >
          {actions
            .filter((a) => !a.hidden)
            .map((a) => (
              <button type="button" key={a.key} role="menuitem" onClick={() => a.run(menu.path)}>
                {a.label}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
