Attribute VB_Name = "xlsolver"
' xlsolver buttons: needs the xlwings add-in (xlwings addin install) and
' a reference to it (VBA editor: Tools > References > xlwings).
' Assign a macro to a button: right-click the button > Assign Macro.

' Solve the puzzle and paint the whole answer.
Sub XlsolverSolve()
    RunPython "import xlsolver.excel; xlsolver.excel.solve()"
End Sub

' Make the next deduction and paint it (one press, one step).
Sub XlsolverStep()
    RunPython "import xlsolver.excel; xlsolver.excel.step()"
End Sub

' Show the next deduction and why, without solving the rest.
Sub XlsolverHint()
    RunPython "import xlsolver.excel; xlsolver.excel.hint()"
End Sub

' Paint red what the user entered that contradicts the puzzle.
Sub XlsolverCheck()
    RunPython "import xlsolver.excel; xlsolver.excel.check()"
End Sub

' Take away what xlsolver painted and wrote: back to the puzzle as given.
Sub XlsolverClear()
    RunPython "import xlsolver.excel; xlsolver.excel.clear()"
End Sub

' Write every step of a solution, with the rule used and the difficulty, to a Steps sheet.
Sub XlsolverExplain()
    RunPython "import xlsolver.excel; xlsolver.excel.explain()"
End Sub

' Make a new puzzle of this kind on the sheet.
Sub XlsolverGenerate()
    RunPython "import xlsolver.excel; xlsolver.excel.generate()"
End Sub

' The action picked in the cell named Action.
Sub XlsolverMain()
    RunPython "import xlsolver.excel; xlsolver.excel.main()"
End Sub
