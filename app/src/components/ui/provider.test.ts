// The app's Chakra system is Chakra's default one with fewer slot recipes: the same tokens, global
// styles and plain recipes, and no slot recipe dropped that a screen's component would look up.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createSystem, defaultConfig } from '@chakra-ui/react'
import { slotRecipes as defaultSlotRecipes } from '@chakra-ui/react/theme'
import { describe, expect, it } from 'vitest'
import { appConfig, SLOT_RECIPES, system } from './provider'

const SOURCE_ROOT = join(import.meta.dirname, '../..')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every name the app's source imports from '@chakra-ui/react' (`Tooltip as ChakraTooltip` counts as Tooltip). */
function importedChakraNames(): Set<string> {
  const names = new Set<string>()
  for (const file of sourceFiles(SOURCE_ROOT)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of match[1].split(',')) {
        const imported = name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]
        if (imported) names.add(imported)
      }
    }
  }
  return names
}

/** A slot recipe's component, as Chakra exports it: `radioGroup` is RadioGroup. */
const componentOf = (recipeKey: string) => recipeKey[0].toUpperCase() + recipeKey.slice(1)

describe('the Chakra system', () => {
  const reference = createSystem(defaultConfig, appConfig)

  it("has the default system's tokens, global styles and plain recipes", () => {
    expect(system.getTokenCss()).toEqual(reference.getTokenCss())
    expect(system.getGlobalCss()).toEqual(reference.getGlobalCss())
    expect(system.getPreflightCss()).toEqual(reference.getPreflightCss())
    expect(Object.keys(system._config.theme?.recipes ?? {}).sort()).toEqual(Object.keys(reference._config.theme?.recipes ?? {}).sort())
    for (const key of Object.keys(SLOT_RECIPES)) expect(system.getSlotRecipe(key), key).toEqual(reference.getSlotRecipe(key))
  })

  it('keeps the slot recipe of every component a screen imports', () => {
    const imported = importedChakraNames()
    // The scan finds the app's imports (a broken pattern would find none and prove nothing).
    for (const used of ['Menu', 'Tooltip', 'Toaster', 'Drawer']) expect(imported).toContain(used)
    const dropped = Object.keys(defaultSlotRecipes).filter((key) => !(key in SLOT_RECIPES))
    expect(dropped.length).toBeGreaterThan(30)
    const usedButDropped = dropped.filter((key) => imported.has(componentOf(key)))
    expect(usedButDropped, 'components imported without their slot recipe: add it to SLOT_RECIPES in provider.tsx').toEqual([])
  })
})
