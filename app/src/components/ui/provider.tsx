// Chakra UI v3 system provider (dark appearance comes from the `dark` class on <html>).
//
// The system is Chakra's default one (its tokens, global styles and every plain recipe) with only the
// slot recipes of the components this app uses: the other ~40 (date picker, carousel, tree view, ...)
// are styles no screen draws, and the system is in the JavaScript every page loads before its first
// paint. A component whose slot recipe is missing would draw unstyled, so provider.test.ts fails
// when a screen imports one: add its recipe to SLOT_RECIPES then.
import { ChakraProvider, createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breakpoints,
  cardSlotRecipe,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  recipes,
  segmentGroupSlotRecipe,
  semanticTokens,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme'
import type { ReactNode } from 'react'

/** The slot recipes of the multi-part components the app draws, by the key Chakra looks them up with. */
export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
}

/** Chakra's default theme (as its defaultConfig has it), with the slot recipes above. */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes: SLOT_RECIPES, textStyles, layerStyles, animationStyles },
})

/** The app's own theme: its fonts and page colours, over Chakra's. */
export const appConfig = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, sans-serif" },
        body: { value: "'Inter', system-ui, sans-serif" },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
  },
})

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), appConfig)

export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
