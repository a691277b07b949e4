import { UserRoundCog } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { useLoginDialog } from '@/lib/session.ts'

/** What a page for the signed-in shows signed out: why (in the page's own words), and the way to log in. */
export function SignedOutNotice({
  title,
  body,
  action,
}: {
  title: string
  body: string
  action: string
}) {
  const loginDialog = useLoginDialog()
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-12">
      <Card className="flex flex-col items-start gap-4">
        <UserRoundCog aria-hidden="true" className="size-8 text-primary" />
        <div>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{body}</CardDescription>
        </div>
        <Button onClick={loginDialog.openLogin}>{action}</Button>
      </Card>
    </div>
  )
}
