// Runs before the app: applies the colour mode (localStorage `preference_dark`) and the document
// language (cookie `preference_language`) so the first paint is right. Mirrors
// src/lib/color-mode.ts and src/lib/i18n.ts. Not inline, because the CSP allows only 'self'.
;(function () {
  var root = document.documentElement
  try {
    var mode = localStorage.getItem('preference_dark')
    var dark =
      mode === 'dark' ||
      (mode !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
    root.classList.toggle('dark', dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  } catch {
    // Storage can be unavailable (privacy settings); the app falls back to 'system'.
  }
  var match = document.cookie.match(/(?:^|;\s*)preference_language=(zh|en)(?:;|$)/)
  var language = match ? match[1] : /^zh/i.test(navigator.language || '') ? 'zh' : 'en'
  root.lang = language === 'zh' ? 'zh-CN' : 'en'
  // The app's messages in this language start loading now, beside the app's own code, instead of
  // after it has run (vite-plugins/locale-preload.ts writes the chunks' names here).
  var localeChunks = {} // filled in by the build
  if (localeChunks[language]) {
    var preload = document.createElement('link')
    preload.rel = 'modulepreload'
    preload.crossOrigin = 'anonymous'
    preload.href = localeChunks[language]
    document.head.appendChild(preload)
  }
})()
