import { ChevronRight } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { cn } from '@/lib/utils.ts'
import type { Schema } from '../openapi.ts'
import { buildSchemaTree, type SchemaNode } from '../schema-tree.ts'
import { RichText } from './rich-text.tsx'

function enumText(values: unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ')
}

/** The schema as an expandable tree: the first level is open, deeper objects open on demand. */
export function SchemaView({ schema, label }: { schema: Schema; label: string }) {
  const { t } = useTranslation('apidocs')
  const root = useMemo(() => buildSchemaTree(schema), [schema])
  return (
    <div className="rounded-md border bg-background text-sm" aria-label={label} role="group">
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2 text-xs text-muted-foreground">
        <span className="font-mono font-medium text-foreground">{root.type}</span>
        {root.nullable && <span className="font-mono">| null</span>}
        {root.description && <RichText text={root.description} className="basis-full" />}
      </div>
      {root.children.length > 0 ? (
        <ul className="divide-y">
          {root.children.map((child) => (
            <SchemaRow key={child.name} node={child} depth={0} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-xs text-muted-foreground">
          {root.enum ? t('schema.enum', { values: enumText(root.enum) }) : t('schema.noFields')}
        </p>
      )}
    </div>
  )
}

function SchemaRow({ node, depth }: { node: SchemaNode; depth: number }) {
  const { t } = useTranslation('apidocs')
  const [open, setOpen] = useState(false)
  const childrenId = useId()
  const expandable = node.children.length > 0
  const name = node.name === '[]' ? t('schema.items') : node.name
  return (
    <li>
      <div
        className="flex items-start gap-1.5 px-3 py-2"
        style={{ paddingInlineStart: `${0.75 + depth * 1.25}rem` }}
      >
        {expandable ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={t(open ? 'schema.collapse' : 'schema.expand', { name })}
            onClick={() => setOpen((shown) => !shown)}
            className="-ms-1 mt-0.5 inline-flex size-5 shrink-0 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ChevronRight
              aria-hidden="true"
              className={cn('size-4 transition-transform', open && 'rotate-90')}
            />
          </button>
        ) : (
          <span className="-ms-1 size-5 shrink-0" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span
              className={cn('font-mono font-medium break-all', node.deprecated && 'line-through')}
            >
              {name}
            </span>
            <span className="font-mono text-xs text-muted-foreground">
              {node.type}
              {node.format && node.format !== node.type ? ` (${node.format})` : ''}
              {node.nullable ? ' | null' : ''}
            </span>
            {node.required && (
              <Badge tone="error" className="px-1.5 py-0 text-[0.6875rem]">
                {t('schema.required')}
              </Badge>
            )}
            {node.circular && (
              <Badge className="px-1.5 py-0 text-[0.6875rem]">{t('schema.circular')}</Badge>
            )}
          </div>
          {node.description && (
            <RichText text={node.description} className="mt-0.5 text-xs text-muted-foreground" />
          )}
          {node.enum && (
            <p className="mt-0.5 text-xs text-muted-foreground">
              {t('schema.enum', { values: enumText(node.enum) })}
            </p>
          )}
        </div>
      </div>
      {expandable && (
        <ul id={childrenId} hidden={!open} className="divide-y border-t">
          {open &&
            node.children.map((child) => (
              <SchemaRow key={child.name} node={child} depth={depth + 1} />
            ))}
        </ul>
      )}
    </li>
  )
}
